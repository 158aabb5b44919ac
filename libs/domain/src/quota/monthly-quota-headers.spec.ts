import { monthlyQuotaHeaders } from './monthly-quota-headers';

const DAY = 86_400;

describe('monthlyQuotaHeaders', () => {
  it('formats RateLimit-Policy with the quota and the month length as the window', () => {
    const h = monthlyQuotaHeaders(3000, 25, new Date('2026-03-15T00:00:00Z'));
    expect(h['RateLimit-Policy']).toBe(`"monthly";q=3000;w=${31 * DAY}`);
  });

  it('formats RateLimit with remaining calls and seconds to reset', () => {
    const h = monthlyQuotaHeaders(3000, 25, new Date('2026-03-22T00:00:00Z'));
    expect(h.RateLimit).toBe(`"monthly";r=2975;t=${10 * DAY}`);
  });

  it('returns exactly the two header fields', () => {
    expect(Object.keys(monthlyQuotaHeaders(1, 0, new Date())).sort()).toEqual(['RateLimit', 'RateLimit-Policy']);
  });

  it('uses the length of the current month for w (February, leap February)', () => {
    expect(monthlyQuotaHeaders(25000, 0, new Date('2026-02-10T00:00:00Z'))['RateLimit-Policy']).toBe(`"monthly";q=25000;w=${28 * DAY}`);
    expect(monthlyQuotaHeaders(25000, 0, new Date('2028-02-10T00:00:00Z'))['RateLimit-Policy']).toBe(`"monthly";q=25000;w=${29 * DAY}`);
  });

  it('reports the full quota when nothing is used', () => {
    expect(monthlyQuotaHeaders(3000, 0, new Date('2026-04-01T00:00:00Z')).RateLimit).toBe(`"monthly";r=3000;t=${30 * DAY}`);
  });

  it('reports 0 remaining when exactly used up', () => {
    expect(monthlyQuotaHeaders(3000, 3000, new Date('2026-04-30T23:00:00Z')).RateLimit).toBe('"monthly";r=0;t=3600');
  });

  it('never reports a negative remaining count', () => {
    const h = monthlyQuotaHeaders(3000, 3500, new Date('2026-04-30T23:00:00Z'));
    expect(h.RateLimit).toBe('"monthly";r=0;t=3600');
    expect(h.RateLimit).not.toMatch(/r=-/);
  });

  it('never reports t=0 in the last millisecond of the month', () => {
    expect(monthlyQuotaHeaders(3000, 1, new Date('2026-12-31T23:59:59.999Z')).RateLimit).toBe('"monthly";r=2999;t=1');
  });
});
