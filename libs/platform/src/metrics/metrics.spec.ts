import { Metrics } from './metrics';

describe('Metrics', () => {
  it('samples tracked consumers’ lag at scrape time, and stops after untracking', async () => {
    const metrics = new Metrics();
    let lag = 7;
    const untrack = metrics.trackConsumer({ group: 'analytics', lag: async () => lag });
    expect(await metrics.registry.metrics()).toContain('qr_event_consumer_lag{group="analytics"} 7');
    lag = 0;
    expect(await metrics.registry.metrics()).toContain('qr_event_consumer_lag{group="analytics"} 0');
    untrack();
    metrics.consumerLag.reset();
    expect(await metrics.registry.metrics()).not.toContain('group="analytics"');
  });

  it('reports -1 for a consumer whose lag cannot be read', async () => {
    const metrics = new Metrics();
    metrics.trackConsumer({ group: 'broken', lag: () => Promise.reject(new Error('db down')) });
    expect(await metrics.registry.metrics()).toContain('qr_event_consumer_lag{group="broken"} -1');
  });
});
