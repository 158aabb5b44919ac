import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { WEBHOOK_COMMANDS } from '@qr/contracts';
import { COMMAND_BUS, type CommandBus } from '@qr/platform';
import { ApiAccessGuard, CurrentPrincipal } from '../access/api-access.guard';
import { type Principal } from '../access/principal';
import { API_PREFIX } from '../http/api-prefix';

const WH = WEBHOOK_COMMANDS;

/** Webhook endpoints. The caller's plan travels with each command: the dispatcher gates event kinds by it. */
@Controller(`${API_PREFIX}/webhook-endpoints`)
@UseGuards(ApiAccessGuard)
export class WebhookEndpointsController {
  constructor(@Inject(COMMAND_BUS) private readonly bus: CommandBus) {}

  private send(command: string, p: Principal, extra: Record<string, unknown> = {}) {
    return this.bus.send('webhook-dispatcher', command, { workspaceId: p.workspaceId, plan: p.plan.name, ...extra });
  }

  @Post()
  @HttpCode(201)
  create(@CurrentPrincipal() p: Principal, @Body() body: unknown) {
    return this.send(WH.create, p, { body: body ?? null });
  }

  @Get()
  list(@CurrentPrincipal() p: Principal) {
    return this.send(WH.list, p);
  }

  @Get(':id')
  get(@CurrentPrincipal() p: Principal, @Param('id') id: string) {
    return this.send(WH.get, p, { id });
  }

  @Patch(':id')
  update(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() body: unknown) {
    return this.send(WH.update, p, { id, body: body ?? null });
  }

  @Delete(':id')
  remove(@CurrentPrincipal() p: Principal, @Param('id') id: string) {
    return this.send(WH.remove, p, { id });
  }

  @Post(':id/rotate-secret')
  @HttpCode(200)
  rotate(@CurrentPrincipal() p: Principal, @Param('id') id: string) {
    return this.send(WH.rotate, p, { id });
  }

  @Get(':id/deliveries')
  deliveries(@CurrentPrincipal() p: Principal, @Param('id') id: string) {
    return this.send(WH.deliveries, p, { id });
  }

  @Post(':id/test')
  @HttpCode(200)
  test(@CurrentPrincipal() p: Principal, @Param('id') id: string) {
    return this.send(WH.test, p, { id });
  }
}

@Controller(`${API_PREFIX}/webhook-deliveries`)
@UseGuards(ApiAccessGuard)
export class WebhookDeliveriesController {
  constructor(@Inject(COMMAND_BUS) private readonly bus: CommandBus) {}

  @Post(':id/retry')
  @HttpCode(202)
  retry(@CurrentPrincipal() p: Principal, @Param('id') id: string) {
    return this.bus.send('webhook-dispatcher', WH.retry, { workspaceId: p.workspaceId, plan: p.plan.name, id });
  }
}
