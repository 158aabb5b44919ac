import { FixedWindowCounter } from './fixed-window-counter';

/** A clock the test moves by hand. */
function manualClock(startMs: number) {
  let now = startMs;
  return {
    clock: () => new Date(now),
    set: (ms: number) => {
      now = ms;
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const T0 = Date.UTC(2026, 2, 1, 10, 0, 0); // a whole second

describe('FixedWindowCounter', () => {
  it('allows exactly `limit` hits per key in one window', () => {
    const t = manualClock(T0);
    const counter = new FixedWindowCounter(1000, t.clock);
    const results = Array.from({ length: 8 }, () => counter.hit('k', 5).allowed);
    expect(results).toEqual([true, true, true, true, true, false, false, false]);
  });

  it('counts hits spread over the window in the same window', () => {
    const t = manualClock(T0);
    const counter = new FixedWindowCounter(1000, t.clock);
    expect(counter.hit('k', 3).allowed).toBe(true);
    t.advance(300);
    expect(counter.hit('k', 3).allowed).toBe(true);
    t.advance(300);
    expect(counter.hit('k', 3).allowed).toBe(true);
    t.advance(399); // T0 + 999, still the same window
    expect(counter.hit('k', 3).allowed).toBe(false);
  });

  it('keeps keys independent', () => {
    const t = manualClock(T0);
    const counter = new FixedWindowCounter(1000, t.clock);
    expect(counter.hit('a', 2).allowed).toBe(true);
    expect(counter.hit('a', 2).allowed).toBe(true);
    expect(counter.hit('a', 2).allowed).toBe(false);
    expect(counter.hit('b', 2).allowed).toBe(true);
    expect(counter.hit('b', 2).allowed).toBe(true);
    expect(counter.hit('b', 2).allowed).toBe(false);
    expect(counter.hit('c', 1).allowed).toBe(true);
  });

  it('resets counts in a new window', () => {
    const t = manualClock(T0);
    const counter = new FixedWindowCounter(1000, t.clock);
    expect(counter.hit('k', 1).allowed).toBe(true);
    expect(counter.hit('k', 1).allowed).toBe(false);
    t.set(T0 + 1000);
    expect(counter.hit('k', 1).allowed).toBe(true);
    expect(counter.hit('k', 1).allowed).toBe(false);
    t.set(T0 + 5500);
    expect(counter.hit('k', 1).allowed).toBe(true);
  });

  it('resets at the window boundary, not one window after the first hit', () => {
    const t = manualClock(T0 + 900);
    const counter = new FixedWindowCounter(1000, t.clock);
    expect(counter.hit('k', 1).allowed).toBe(true);
    expect(counter.hit('k', 1).allowed).toBe(false);
    t.set(T0 + 1000);
    expect(counter.hit('k', 1).allowed).toBe(true);
  });

  it('reports resetMs as the time left in the current window', () => {
    const t = manualClock(T0);
    const counter = new FixedWindowCounter(1000, t.clock);
    expect(counter.hit('k', 10).resetMs).toBe(1000);
    t.set(T0 + 250);
    expect(counter.hit('k', 10).resetMs).toBe(750);
    t.set(T0 + 999);
    expect(counter.hit('k', 10).resetMs).toBe(1);
    t.set(T0 + 1000);
    expect(counter.hit('k', 10).resetMs).toBe(1000);
  });

  it('reports resetMs on denied hits too', () => {
    const t = manualClock(T0 + 400);
    const counter = new FixedWindowCounter(1000, t.clock);
    counter.hit('k', 1);
    expect(counter.hit('k', 1)).toEqual({ allowed: false, resetMs: 600 });
  });

  it('honours other window sizes', () => {
    const t = manualClock(T0);
    const counter = new FixedWindowCounter(60_000, t.clock);
    expect(counter.hit('k', 2)).toEqual({ allowed: true, resetMs: 60_000 });
    t.advance(59_000);
    expect(counter.hit('k', 2)).toEqual({ allowed: true, resetMs: 1000 });
    expect(counter.hit('k', 2)).toEqual({ allowed: false, resetMs: 1000 });
    t.advance(1000);
    expect(counter.hit('k', 2)).toEqual({ allowed: true, resetMs: 60_000 });
  });

  it('denies every hit when the limit is 0', () => {
    const counter = new FixedWindowCounter(1000, manualClock(T0).clock);
    expect(counter.hit('k', 0).allowed).toBe(false);
  });

  it('lets a key with a higher limit keep going while another is blocked', () => {
    const counter = new FixedWindowCounter(1000, manualClock(T0).clock);
    for (let i = 0; i < 20; i++) counter.hit('pro', 20);
    for (let i = 0; i < 20; i++) expect(counter.hit('agency', 100).allowed).toBe(true);
    expect(counter.hit('pro', 20).allowed).toBe(false);
  });

  it('works with the system clock by default', () => {
    const counter = new FixedWindowCounter(60_000);
    const d = counter.hit('k', 1);
    expect(d.allowed).toBe(true);
    expect(d.resetMs).toBeGreaterThan(0);
    expect(d.resetMs).toBeLessThanOrEqual(60_000);
  });
});
