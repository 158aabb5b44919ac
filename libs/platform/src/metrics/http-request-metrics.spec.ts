import { AggregatorRegistry, Counter, Histogram, Registry } from 'prom-client';
import { HTTP_DURATION_BUCKETS, HttpRequestMetrics } from './http-request-metrics';

/** prom-client's own Counter and Histogram, as the metrics were before: the oracle. */
function promClient(registry: Registry) {
  const requests = new Counter({
    name: 'qr_http_requests_total',
    help: 'HTTP requests answered, by deployable, route class and status code',
    labelNames: ['deployable', 'route', 'status'],
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'qr_http_request_duration_seconds',
    help: 'HTTP request duration',
    labelNames: ['deployable', 'route'],
    buckets: [...HTTP_DURATION_BUCKETS],
    registers: [registry],
  });
  return (deployable: string, route: string, status: number, seconds: number) => {
    requests.inc({ deployable, route, status: String(status) });
    durations.observe({ deployable, route }, seconds);
  };
}

// Bucket edges exactly, between them, past the last one (+Inf), several routes, statuses and processes.
const REQUESTS: Array<[string, string, number, number]> = [
  ['all-in-one', 'short-link', 302, 0.0004],
  ['all-in-one', 'api', 200, 0.001],
  ['all-in-one', 'short-link', 302, 0.0011],
  ['all-in-one', 'short-link', 410, 0.0025],
  ['all-in-one', 'api', 404, 0.3],
  ['all-in-one', 'short-link', 302, 2.5],
  ['redirect-service', 'short-link', 302, 7],
  ['all-in-one', 'api', 200, 0.01],
];

const sortedLines = (text: string) => text.split('\n').sort();

describe('HttpRequestMetrics', () => {
  let ours: Registry;
  let theirs: Registry;

  beforeEach(() => {
    ours = new Registry();
    theirs = new Registry();
    for (const r of [ours, theirs]) r.setDefaultLabels({ process: 'all-in-one' });
    const record = new HttpRequestMetrics(ours);
    const oracle = promClient(theirs);
    for (const [deployable, route, status, seconds] of REQUESTS) {
      record.record(deployable, route, status, seconds);
      oracle(deployable, route, status, seconds);
    }
  });

  it('exposes the same text as prom-client’s Counter and Histogram given the same requests (series order aside)', async () => {
    const text = await ours.metrics();
    expect(sortedLines(text)).toEqual(sortedLines(await theirs.metrics()));
    expect(text).toContain('qr_http_request_duration_seconds_bucket{le="0.001",process="all-in-one",deployable="all-in-one",route="api"} 1');
    expect(text).toContain('qr_http_request_duration_seconds_bucket{le="+Inf",process="all-in-one",deployable="all-in-one",route="short-link"} 4');
    expect(text).toContain('qr_http_requests_total{deployable="all-in-one",route="short-link",status="302",process="all-in-one"} 3');
  });

  it('gives the same JSON, so it aggregates with another thread’s registry alike', async () => {
    // Each series as one string (metric name, labels in key order, value), sorted: series order aside.
    const canonical = (json: Awaited<ReturnType<Registry['getMetricsAsJSON']>>) =>
      json.map((m) => ({
        name: m.name,
        help: m.help,
        type: m.type,
        series: m.values.map((v) => `${(v as { metricName?: string }).metricName ?? m.name} ${JSON.stringify(v.labels)} ${v.value}`).sort(),
      }));
    const [a, b] = [await ours.getMetricsAsJSON(), await theirs.getMetricsAsJSON()];
    expect(canonical(a)).toEqual(canonical(b));
    expect(canonical(a)[1].series).toContain(
      'qr_http_request_duration_seconds_bucket {"le":0.005,"deployable":"all-in-one","route":"short-link","process":"all-in-one"} 3',
    );
    const aggregated = (json: typeof a) => AggregatorRegistry.aggregate([json.map((m) => ({ ...m, aggregator: 'sum' as const }))]).metrics();
    expect(sortedLines(await aggregated(a))).toEqual(sortedLines(await aggregated(b)));
  });

  it('starts over on the registry’s resetMetrics, as prom-client’s own metrics do', async () => {
    ours.resetMetrics();
    expect(await ours.metrics()).not.toMatch(/^qr_http_request/m);
  });

  it('shows nothing but the families before the first request', async () => {
    const empty = new Registry();
    new HttpRequestMetrics(empty);
    expect(await empty.metrics()).toBe(
      '# HELP qr_http_requests_total HTTP requests answered, by deployable, route class and status code\n# TYPE qr_http_requests_total counter\n\n' +
        '# HELP qr_http_request_duration_seconds HTTP request duration\n# TYPE qr_http_request_duration_seconds histogram\n',
    );
  });
});
