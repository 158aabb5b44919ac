import { Controller, Get, UseGuards } from '@nestjs/common';
import { UsageAnswer } from '@qr/api-contract';
import { billingPeriodAt, formatUtc, usageSummary } from '@qr/domain';
import { QuotaRepository } from '@qr/gateway';
import { CurrentPrincipal, planView, SessionGuard, type SessionPrincipal } from '@qr/identity';
import { Operation } from '@qr/platform';

/** The Usage and plan page: this month's API calls and the dynamic codes, against the plan. */
@Controller('app/api/usage')
@UseGuards(SessionGuard)
export class UsageController {
  constructor(private readonly quota: QuotaRepository) {}

  @Get()
  @Operation({
    operationId: 'getUsage',
    summary: 'This month’s usage against the plan',
    tag: 'Usage',
    answers: { '200': { description: 'The meters', body: UsageAnswer } },
  })
  async get(@CurrentPrincipal() principal: SessionPrincipal): Promise<UsageAnswer> {
    const now = new Date();
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
