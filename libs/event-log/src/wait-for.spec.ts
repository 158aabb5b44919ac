import { backoffMs, lingers, Waker } from './wait-for';

describe('lingers', () => {
  it('reads again at once after a small batch (light traffic) and after a full one (a backlog)', () => {
    expect(lingers(1, 500)).toBe(false);
    expect(lingers(15, 500)).toBe(false);
    expect(lingers(500, 500)).toBe(false);
  });

  it('waits between the two, so batches grow under load', () => {
    expect(lingers(16, 500)).toBe(true);
    expect(lingers(499, 500)).toBe(true);
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
