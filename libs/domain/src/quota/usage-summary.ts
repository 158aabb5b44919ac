import { type Plan } from '../plans/plans';
import { billingPeriodAt } from './billing-period';

export interface Meter {
  used: number;
  /** null: no cap (agency's dynamic codes), or no such allowance (API calls on a plan without the API). */
  limit: number | null;
  /** 0..1 of the limit, capped at 1; null without a limit. */
  fraction: number | null;
}

export interface UsageSummary {
  period: string;
  /** When the monthly call count starts again: 00:00 UTC on the 1st. */
  resets_at: Date;
  api_calls: Meter;
  dynamic_codes: Meter;
}

/**
 * A workspace's meters for the usage page: API calls this month against the plan's quota, and
 * existing dynamic codes against its allowance.
 *
 * @example
 * usageSummary(PLANS.pro, 1500, 30, new Date('2026-11-24T10:00:00Z')).api_calls // { used: 1500, limit: 3000, fraction: 0.5 }
 */
export function usageSummary(plan: Plan, callsUsed: number, dynamicUsed: number, now: Date): UsageSummary {
  const period = billingPeriodAt(now);
  return {
    period: period.key,
    resets_at: period.end,
    api_calls: meter(callsUsed, plan.monthlyCalls),
    dynamic_codes: meter(dynamicUsed, plan.dynamicCodes),
  };
}

function meter(used: number, limit: number | null): Meter {
  return { used, limit, fraction: limit === null ? null : limit === 0 ? 1 : Math.min(1, used / limit) };
}
