import { billingPeriodAt, type Clock, Errors, monthlyQuotaHeaders, secondsUntilReset, systemClock } from '@qr/domain';
import { type Principal } from '@qr/identity';
import { type QuotaRepository } from './quota.repository';

export interface QuotaGrant {
  headers: Record<string, string>;
  /** Gives the calls back (the request ended in 401/403/429, which do not count). */
  refund(): Promise<void>;
}

/** Reserves `cost` calls of the monthly quota or refuses with 429 and Retry-After to the 1st, UTC. */
export class MonthlyQuota {
  constructor(
    private readonly quota: QuotaRepository,
    private readonly clock: Clock = systemClock,
  ) {}

  async reserve(principal: Principal, cost: number): Promise<QuotaGrant> {
    const limit = principal.plan.monthlyCalls;
    if (limit === null) return { headers: {}, refund: async () => undefined };
    const now = this.clock();
    const period = billingPeriodAt(now).key;
    const result = await this.quota.reserveCalls(principal.workspaceId, period, cost, limit);
    const headers = monthlyQuotaHeaders(limit, result.used, now);
    if (!result.granted) throw Errors.quotaExceeded(secondsUntilReset(now), headers);
    return { headers, refund: () => this.quota.refundCalls(principal.workspaceId, period, cost) };
  }
}
