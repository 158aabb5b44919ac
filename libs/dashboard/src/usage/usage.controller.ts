import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { UsageAnswer } from '@qr/api-contract';
import { CurrentPrincipal, SessionGuard, type SessionPrincipal } from '@qr/identity';
import { Operation } from '@qr/platform';
import { WorkspaceUsage } from './workspace-usage';

@Controller('app/api/usage')
@UseGuards(SessionGuard)
export class UsageController {
  constructor(@Inject(WorkspaceUsage) private readonly usage: WorkspaceUsage) {}

  @Get()
  @Operation({
    operationId: 'getUsage',
    summary: 'This month’s usage against the plan',
    tag: 'Usage',
    answers: { '200': { description: 'The meters', body: UsageAnswer } },
  })
  get(@CurrentPrincipal() principal: SessionPrincipal) {
    return this.usage.execute(principal);
  }
}
