import { HealthRegistry, type ReadinessCheck } from './health-registry';

const passing = (name: string, optional?: boolean): ReadinessCheck => ({ name, optional, check: async () => undefined });
const failing = (name: string, message: string, optional?: boolean): ReadinessCheck => ({
  name,
  optional,
  check: async () => {
    throw new Error(message);
  },
});
const hanging = (name: string, optional?: boolean): ReadinessCheck => ({ name, optional, check: () => new Promise<void>(() => undefined) });

describe('HealthRegistry', () => {
  it('is ready with no checks', async () => {
    await expect(new HealthRegistry().readiness()).resolves.toEqual({ ready: true, checks: {} });
  });

  it('is ready when every check passes, reporting each as ok', async () => {
    const h = new HealthRegistry();
    h.add(passing('database'));
    h.add(passing('event-log'));
    await expect(h.readiness()).resolves.toEqual({ ready: true, checks: { database: 'ok', 'event-log': 'ok' } });
  });

  it('a failing required check makes it unready and carries the message', async () => {
    const h = new HealthRegistry();
    h.add(passing('event-log'));
    h.add(failing('database', 'connection refused'));
    const report = await h.readiness();
    expect(report.ready).toBe(false);
    expect(report.checks).toEqual({ 'event-log': 'ok', database: 'failing: connection refused' });
  });

  it('a check that rejects with a non-Error is reported with its string form', async () => {
    const h = new HealthRegistry();
    h.add({ name: 'odd', check: () => Promise.reject('plain string') });
    const report = await h.readiness();
    expect(report.ready).toBe(false);
    expect(report.checks.odd).toBe('failing: plain string');
  });

  it('a check that throws synchronously is a failure, not a crash', async () => {
    const h = new HealthRegistry();
    h.add({
      name: 'sync',
      check: () => {
        throw new Error('sync boom');
      },
    });
    // The registry awaits c.check() inside its own async callback, so a synchronous throw is caught too.
    const report = await h.readiness();
    expect(report).toEqual({ ready: false, checks: { sync: 'failing: sync boom' } });
  });

  it('a failing optional check is reported degraded but keeps the process ready', async () => {
    const h = new HealthRegistry();
    h.add(passing('database'));
    h.add(failing('redis', 'ECONNREFUSED', true));
    const report = await h.readiness();
    expect(report.ready).toBe(true);
    expect(report.checks).toEqual({ database: 'ok', redis: 'degraded: ECONNREFUSED' });
  });

  it('a passing optional check is ok', async () => {
    const h = new HealthRegistry();
    h.add(passing('redis', true));
    await expect(h.readiness()).resolves.toEqual({ ready: true, checks: { redis: 'ok' } });
  });

  describe('timeouts', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('a hanging required check fails after 2000 ms', async () => {
      const h = new HealthRegistry();
      h.add(passing('database'));
      h.add(hanging('kafka'));
      let settled = false;
      const pending = h.readiness().then((r) => {
        settled = true;
        return r;
      });
      await jest.advanceTimersByTimeAsync(1999);
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      const report = await pending;
      expect(report.ready).toBe(false);
      expect(report.checks).toEqual({ database: 'ok', kafka: 'failing: no answer within 2000 ms' });
    });

    it('a hanging optional check is degraded after 2000 ms and the process stays ready', async () => {
      const h = new HealthRegistry();
      h.add(hanging('redis', true));
      const pending = h.readiness();
      await jest.advanceTimersByTimeAsync(2000);
      await expect(pending).resolves.toEqual({ ready: true, checks: { redis: 'degraded: no answer within 2000 ms' } });
    });

    it('checks run in parallel: two hanging checks both time out at 2000 ms, not 4000 ms', async () => {
      const h = new HealthRegistry();
      h.add(hanging('a'));
      h.add(hanging('b'));
      let settled = false;
      const pending = h.readiness().finally(() => {
        settled = true;
      });
      await jest.advanceTimersByTimeAsync(2000);
      expect(settled).toBe(true);
      expect((await pending).checks).toEqual({ a: 'failing: no answer within 2000 ms', b: 'failing: no answer within 2000 ms' });
    });

    it('leaves no timer behind once a check answers', async () => {
      const h = new HealthRegistry();
      h.add(passing('database'));
      await h.readiness();
      expect(jest.getTimerCount()).toBe(0);
    });
  });

  it('markShuttingDown makes it unready even when every check passes', async () => {
    const h = new HealthRegistry();
    h.add(passing('database'));
    expect((await h.readiness()).ready).toBe(true);

    h.markShuttingDown();
    const report = await h.readiness();
    expect(report.ready).toBe(false);
    expect(report.checks).toEqual({ database: 'ok', shutdown: 'failing: draining' });
  });
});
