import { backoffMs, lingers, Waker } from './wait-for';

describe('lingers', () => {
  it('reads again at once after a few events (light traffic) and after a full batch (a backlog)', () => {
    expect(lingers(1, false)).toBe(false);
    expect(lingers(15, false)).toBe(false);
    expect(lingers(500, true)).toBe(false);
    // A full batch of packed rows: many more events than rows, still a backlog.
    expect(lingers(20_000, true)).toBe(false);
  });

  it('waits between the two, so batches grow under load, counting events (a packed row holds many)', () => {
    expect(lingers(16, false)).toBe(true);
    expect(lingers(499, false)).toBe(true);
    // Two packed rows of a replica's group commits: 90 events, worth waiting for more.
    expect(lingers(90, false)).toBe(true);
  });
});

describe('backoffMs', () => {
  it('doubles from the base and stops at the cap', () => {
    expect([0, 1, 2, 3].map((n) => backoffMs(n))).toEqual([250, 500, 1000, 2000]);
    expect(backoffMs(30)).toBe(30_000);
  });
});

describe('Waker', () => {
  it('ends a wait early on wake, and remembers a wake that came while nobody waited', async () => {
    const waker = new Waker();
    const started = Date.now();
    const waiting = waker.wait(5000);
    waker.wake();
    await waiting;
    waker.wake();
    await waker.wait(5000);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('remembers one wake, not many', async () => {
    const waker = new Waker();
    waker.wake();
    waker.wake();
    await waker.wait(5000);
    const started = Date.now();
    await waker.wait(30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });
});
