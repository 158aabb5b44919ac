import { billingPeriodAt, type Clock, formatUtc, systemClock, usageSummary } from '@qr/domain';
import { type UsageAnswer } from '@qr/api-contract';
import { type QuotaRepository } from '@qr/gateway';
import { planView, type SessionPrincipal } from '@qr/identity';

/** The Usage and plan page: this month's API calls and the dynamic codes, against the plan. */
export class WorkspaceUsage {
  constructor(
    private readonly quota: QuotaRepository,
    private readonly clock: Clock = systemClock,
  ) {}

  async execute(principal: SessionPrincipal): Promise<UsageAnswer> {
    const now = this.clock();
    const [calls, dynamic] = await Promise.all([
      this.quota.callsUsed(principal.workspaceId, billingPeriodAt(now).key),
      this.quota.dynamicUsed(principal.workspaceId),
    ]);
    const summary = usageSummary(principal.plan, calls, dynamic, now);
    return {
      plan: planView(principal.plan),
      period: summary.period,
      resets_at: formatUtc(summary.resets_at),
      api_calls: summary.api_calls,
      dynamic_codes: summary.dynamic_codes,
    };
  }
}
