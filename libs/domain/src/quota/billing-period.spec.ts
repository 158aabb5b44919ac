import { billingPeriodAt, periodLengthSeconds, secondsUntilReset } from './billing-period';

const at = (iso: string) => new Date(iso);
const DAY = 86_400;

describe('billingPeriodAt', () => {
  it('names the period YYYY-MM and bounds it by the 1st of this and next month (UTC)', () => {
    const p = billingPeriodAt(at('2026-03-15T12:34:56Z'));
    expect(p.key).toBe('2026-03');
    expect(p.start.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(p.end.toISOString()).toBe('2026-04-01T00:00:00.000Z');
  });

  it('puts the last millisecond of January in January', () => {
    const p = billingPeriodAt(at('2026-01-31T23:59:59.999Z'));
    expect(p.key).toBe('2026-01');
    expect(p.start.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(p.end.toISOString()).toBe('2026-02-01T00:00:00.000Z');
  });

  it('puts the first instant of February in February', () => {
    const p = billingPeriodAt(at('2026-02-01T00:00:00Z'));
    expect(p.key).toBe('2026-02');
    expect(p.start.toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(p.end.toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });

  it('rolls December over to January of the next year', () => {
    const p = billingPeriodAt(at('2025-12-31T23:59:59.999Z'));
    expect(p.key).toBe('2025-12');
    expect(p.start.toISOString()).toBe('2025-12-01T00:00:00.000Z');
    expect(p.end.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(billingPeriodAt(at('2026-01-01T00:00:00Z')).key).toBe('2026-01');
  });

  it('uses UTC, not the offset of the input', () => {
    // 2026-03-01T00:30+02:00 is still February in UTC
    expect(billingPeriodAt(at('2026-03-01T00:30:00+02:00')).key).toBe('2026-02');
    // 2026-02-28T23:30-02:00 is already March in UTC
    expect(billingPeriodAt(at('2026-02-28T23:30:00-02:00')).key).toBe('2026-03');
  });

  it('pads single-digit months and handles October–December', () => {
    expect(billingPeriodAt(at('2026-09-10T00:00:00Z')).key).toBe('2026-09');
    expect(billingPeriodAt(at('2026-10-10T00:00:00Z')).key).toBe('2026-10');
    expect(billingPeriodAt(at('2026-12-10T00:00:00Z')).key).toBe('2026-12');
  });

  it('contains the instant: start <= now < end', () => {
    for (const iso of ['2026-01-01T00:00:00Z', '2026-06-30T23:59:59.999Z', '2028-02-29T12:00:00Z']) {
      const now = at(iso);
      const { start, end } = billingPeriodAt(now);
      expect(start.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(now.getTime()).toBeLessThan(end.getTime());
    }
  });
});

describe('periodLengthSeconds', () => {
  it.each([
    ['2026-01-15T00:00:00Z', 31],
    ['2026-02-15T00:00:00Z', 28],
    ['2028-02-15T00:00:00Z', 29],
    ['2024-02-29T23:59:59Z', 29],
    ['2100-02-01T00:00:00Z', 28],
    ['2000-02-01T00:00:00Z', 29],
    ['2026-04-30T23:59:59Z', 30],
    ['2026-12-31T23:59:59Z', 31],
  ])('at %s is %d days', (iso, days) => {
    expect(periodLengthSeconds(at(iso))).toBe(days * DAY);
  });
});

describe('secondsUntilReset', () => {
  it('is the whole month at the first instant of the month', () => {
    expect(secondsUntilReset(at('2026-02-01T00:00:00Z'))).toBe(28 * DAY);
    expect(secondsUntilReset(at('2026-03-01T00:00:00Z'))).toBe(31 * DAY);
  });

  it('is exact at whole-second instants', () => {
    expect(secondsUntilReset(at('2026-01-31T23:00:00Z'))).toBe(3600);
    expect(secondsUntilReset(at('2026-03-31T00:00:00Z'))).toBe(DAY);
    expect(secondsUntilReset(at('2025-12-31T23:59:59Z'))).toBe(1);
    expect(secondsUntilReset(at('2026-02-15T12:00:00Z'))).toBe(13 * DAY + 12 * 3600);
  });

  it('rounds partial seconds up', () => {
    expect(secondsUntilReset(at('2026-01-31T23:59:58.001Z'))).toBe(2);
    expect(secondsUntilReset(at('2026-01-31T23:59:58.999Z'))).toBe(2);
    expect(secondsUntilReset(at('2026-01-31T23:59:59.000Z'))).toBe(1);
  });

  it('is never 0, even in the last millisecond of the month', () => {
    expect(secondsUntilReset(at('2026-01-31T23:59:59.999Z'))).toBe(1);
    expect(secondsUntilReset(at('2025-12-31T23:59:59.999Z'))).toBe(1);
    for (let ms = 0; ms < 1000; ms += 37) {
      const v = secondsUntilReset(new Date(Date.UTC(2026, 1, 28, 23, 59, 59, ms)));
      expect(v).toBeGreaterThanOrEqual(1);
    }
  });

  it('points at the next month start', () => {
    const now = at('2026-07-19T08:09:10Z');
    expect(now.getTime() + secondsUntilReset(now) * 1000).toBe(Date.UTC(2026, 7, 1));
  });
});
