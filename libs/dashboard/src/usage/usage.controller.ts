import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { CurrentMember, SessionGuard, type SessionPrincipal } from '@qr/identity';
import { WorkspaceUsage } from './workspace-usage';

@Controller('app/api/usage')
@UseGuards(SessionGuard)
export class UsageController {
  constructor(@Inject(WorkspaceUsage) private readonly usage: WorkspaceUsage) {}

  @Get()
  get(@CurrentMember() principal: SessionPrincipal) {
    return this.usage.execute(principal);
  }
}
