import { Metrics } from './metrics';

/** A member that holds no partitions and has handled nothing. */
const idle = () => ({ partitions: [], handled: 0 });

describe('Metrics', () => {
  it('samples tracked consumers’ lag at scrape time, and stops after untracking', async () => {
    const metrics = new Metrics();
    let lag = 7;
    const untrack = metrics.trackConsumer({ group: 'analytics', lag: async () => lag, assignment: idle });
    expect(await metrics.registry.metrics()).toContain('qr_event_consumer_lag{group="analytics"} 7');
    lag = 0;
    expect(await metrics.registry.metrics()).toContain('qr_event_consumer_lag{group="analytics"} 0');
    untrack();
    metrics.registry.getSingleMetric('qr_event_consumer_lag')?.reset();
    expect(await metrics.registry.metrics()).not.toContain('qr_event_consumer_lag{group="analytics"}');
  });

  it('counts the records a process’s members of a group handled, and the partitions they hold now', async () => {
    const metrics = new Metrics();
    let state = { partitions: [0, 1, 2], handled: 40 };
    metrics.trackConsumer({ group: 'analytics', lag: async () => 0, assignment: () => state });
    metrics.trackConsumer({ group: 'analytics', lag: async () => 0, assignment: () => ({ partitions: [5], handled: 2 }) });
    let text = await metrics.registry.metrics();
    expect(text).toContain('qr_event_consumer_records_total{group="analytics"} 42');
    expect(text).toContain('qr_event_consumer_partitions{group="analytics"} 4');
    state = { partitions: [], handled: 45 };
    text = await metrics.registry.metrics();
    expect(text).toContain('qr_event_consumer_records_total{group="analytics"} 47');
    expect(text).toContain('qr_event_consumer_partitions{group="analytics"} 1');
  });

  it('reports -1 for a consumer whose lag cannot be read', async () => {
    const metrics = new Metrics();
    metrics.trackConsumer({ group: 'broken', lag: () => Promise.reject(new Error('db down')), assignment: idle });
    expect(await metrics.registry.metrics()).toContain('qr_event_consumer_lag{group="broken"} -1');
  });

  it('serves another thread’s series beside its own, each family once, process metrics included', async () => {
    const front = new Metrics({ process: 'all-in-one' });
    const background = new Metrics({ process: 'all-in-one', thread: 'background' }, { processMetrics: false });
    front.trackConsumer({ group: 'redirect-service.links', lag: async () => 0, assignment: idle });
    background.trackConsumer({ group: 'analytics-service.projection', lag: async () => 12, assignment: idle });
    front.addSource(() => background.snapshot());
    front.http.record('all-in-one', 'short-link', 302, 0.002);
    const text = await front.exposition();
    expect(text).toContain('qr_http_requests_total{deployable="all-in-one",route="short-link",status="302",process="all-in-one"} 1');
    expect(text).toContain('qr_http_request_duration_seconds_bucket{le="0.0025",deployable="all-in-one",route="short-link",process="all-in-one"} 1');
    expect(text.match(/^# TYPE qr_http_request_duration_seconds histogram$/gm)).toHaveLength(1);
    expect(text).toContain('qr_event_consumer_lag{group="redirect-service.links",process="all-in-one"} 0');
    expect(text).toContain('qr_event_consumer_lag{group="analytics-service.projection",process="all-in-one",thread="background"} 12');
    expect(text.match(/^# TYPE qr_event_consumer_lag gauge$/gm)).toHaveLength(1);
    // prom-client's aggregator drops metrics it marks "omit"; the start time must survive.
    expect(text).toMatch(/^process_start_time_seconds\{process="all-in-one"\} \d+/m);
    expect(text).not.toMatch(/process_cpu_user_seconds_total\{[^}]*thread="background"/);
  });

  it('still answers when a source fails', async () => {
    const front = new Metrics({ process: 'all-in-one' });
    front.addSource(() => Promise.reject(new Error('thread gone')));
    expect(await front.exposition()).toContain('qr_http_requests_total');
  });
});
