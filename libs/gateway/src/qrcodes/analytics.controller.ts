import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import { COMMAND_BUS, type CommandBus, Operation } from '@qr/platform';
import { ApiAccessGuard } from '../access/api-access.guard';
import { CurrentPrincipal, type Principal } from '@qr/identity';
import { API_PREFIX } from '../http/api-prefix';
import { ANALYTICS_COMMANDS as ANALYTICS } from '@qr/contracts';
import { WorkspaceAnalyticsQuery } from '@qr/analytics-math';
import { WorkspaceAnalytics } from '@qr/api-contract';

/** The workspace summary: totals by day and the top codes, for the workspace or one folder. */
@Controller(`${API_PREFIX}/analytics`)
@UseGuards(ApiAccessGuard)
export class WorkspaceAnalyticsController {
  constructor(@Inject(COMMAND_BUS) private readonly bus: CommandBus) {}

  @Operation({
    operationId: 'getWorkspaceAnalytics',
    summary: 'Workspace (or folder) summary: totals by day and top codes',
    tag: 'Analytics',
    query: WorkspaceAnalyticsQuery,
    answers: { '200': { description: 'Summary', body: WorkspaceAnalytics } },
  })
  @Get()
  summary(@CurrentPrincipal() p: Principal, @Query() query: Record<string, unknown>) {
    return this.bus.send('analytics-service', ANALYTICS.workspace, { workspaceId: p.workspaceId, query });
  }
}
