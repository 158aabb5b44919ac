import { PLANS } from '../plans/plans';
import { usageSummary } from './usage-summary';

describe('usageSummary', () => {
  const now = new Date('2026-11-24T10:00:00Z');

  it('meters calls and dynamic codes against a pro plan, resetting on the 1st, UTC', () => {
    expect(usageSummary(PLANS.pro, 1500, 30, now)).toEqual({
      period: '2026-11',
      resets_at: new Date('2026-12-01T00:00:00Z'),
      api_calls: { used: 1500, limit: 3000, fraction: 0.5 },
      dynamic_codes: { used: 30, limit: 300, fraction: 0.1 },
    });
  });

  it('has no fraction without a cap, and caps the fraction at 1 past the limit', () => {
    const agency = usageSummary(PLANS.agency, 30_000, 5_000, now);
    expect(agency.dynamic_codes).toEqual({ used: 5_000, limit: null, fraction: null });
    expect(agency.api_calls.fraction).toBe(1);
  });

  it('shows a zero allowance as full', () => {
    expect(usageSummary(PLANS.free, 0, 0, now).dynamic_codes).toEqual({ used: 0, limit: 0, fraction: 1 });
    expect(usageSummary(PLANS.free, 0, 0, now).api_calls).toEqual({ used: 0, limit: null, fraction: null });
  });

  it('resets a December period in January of the next year', () => {
    expect(usageSummary(PLANS.pro, 0, 0, new Date('2026-12-31T23:59:59Z')).resets_at).toEqual(new Date('2027-01-01T00:00:00Z'));
  });
});
