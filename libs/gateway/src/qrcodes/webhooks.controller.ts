import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { WEBHOOK_COMMANDS as WH } from '@qr/contracts';
import { COMMAND_BUS, type CommandBus, Operation } from '@qr/platform';
import { ApiAccessGuard } from '../access/api-access.guard';
import { AuditLogRepository, CurrentPrincipal, type Principal } from '@qr/identity';
import { API_PREFIX } from '../http/api-prefix';
import {
  DeletedWebhookEndpoint,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointInput,
  WebhookEndpointList,
  WebhookEndpointWithSecret,
  WebhookTestResult,
} from '@qr/api-contract';

/** Webhook endpoints. The caller's plan travels with each command: the dispatcher gates event kinds by it. */
@Controller(`${API_PREFIX}/webhook-endpoints`)
@UseGuards(ApiAccessGuard)
export class WebhookEndpointsController {
  constructor(
    @Inject(COMMAND_BUS) private readonly bus: CommandBus,
    private readonly audit: AuditLogRepository,
  ) {}

  private send<T = unknown>(command: string, p: Principal, extra: Record<string, unknown> = {}) {
    return this.bus.send<T>('webhook-dispatcher', command, { workspaceId: p.workspaceId, plan: p.plan.name, ...extra });
  }

  @Operation({
    operationId: 'createWebhookEndpoint',
    summary: 'Register an endpoint; the answer carries its signing secret once',
    tag: 'Webhooks',
    description:
      'Deliveries follow Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1,…). 403 when the plan has no webhooks or lacks an event kind.',
    body: WebhookEndpointInput,
    answers: { '201': { description: 'Created', body: WebhookEndpointWithSecret } },
  })
  @Post()
  @HttpCode(201)
  async create(@CurrentPrincipal() p: Principal, @Body() body: unknown, @Req() req: Request) {
    const created = await this.send<WebhookEndpointWithSecret>(WH.create, p, { body: body ?? null });
    await this.audit.note(p, req, 'webhook_endpoint.created', { type: 'webhook_endpoint', id: created.id, name: created.url });
    return created;
  }

  @Operation({
    operationId: 'listWebhookEndpoints',
    summary: 'List endpoints',
    tag: 'Webhooks',
    answers: { '200': { description: 'Endpoints', body: WebhookEndpointList } },
  })
  @Get()
  list(@CurrentPrincipal() p: Principal) {
    return this.send(WH.list, p);
  }

  @Operation({
    operationId: 'getWebhookEndpoint',
    summary: 'Get an endpoint',
    tag: 'Webhooks',
    answers: { '200': { description: 'Endpoint', body: WebhookEndpoint } },
  })
  @Get(':id')
  get(@CurrentPrincipal() p: Principal, @Param('id') id: string) {
    return this.send(WH.get, p, { id });
  }

  @Operation({
    operationId: 'updateWebhookEndpoint',
    summary: 'Change url, description, events or status (re-enabling clears the failure state)',
    tag: 'Webhooks',
    body: 'WebhookEndpointPatch',
    answers: { '200': { description: 'Endpoint', body: WebhookEndpoint } },
  })
  @Patch(':id')
  async update(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() body: unknown, @Req() req: Request) {
    const updated = await this.send<WebhookEndpoint>(WH.update, p, { id, body: body ?? null });
    // The names of the fields sent, never their values (a URL may carry a token).
    const fields = body !== null && typeof body === 'object' ? Object.keys(body).sort() : [];
    await this.audit.note(p, req, 'webhook_endpoint.updated', { type: 'webhook_endpoint', id: updated.id, name: updated.url }, { fields });
    return updated;
  }

  @Operation({
    operationId: 'deleteWebhookEndpoint',
    summary: 'Delete an endpoint (its pending deliveries stop)',
    tag: 'Webhooks',
    answers: { '200': { description: 'Deleted', body: DeletedWebhookEndpoint } },
  })
  @Delete(':id')
  async remove(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Req() req: Request) {
    const deleted = await this.send(WH.remove, p, { id });
    await this.audit.note(p, req, 'webhook_endpoint.deleted', { type: 'webhook_endpoint', id });
    return deleted;
  }

  @Operation({
    operationId: 'rotateWebhookSecret',
    summary: 'New secret (shown once); the old one stays valid 24 h and both signatures are sent meanwhile',
    tag: 'Webhooks',
    answers: { '200': { description: 'Endpoint with its new secret', body: WebhookEndpointWithSecret } },
  })
  @Post(':id/rotate-secret')
  @HttpCode(200)
  async rotate(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Req() req: Request) {
    const rotated = await this.send<WebhookEndpointWithSecret>(WH.rotate, p, { id });
    await this.audit.note(p, req, 'webhook_endpoint.secret_rotated', { type: 'webhook_endpoint', id, name: rotated.url ?? null });
    return rotated;
  }

  @Operation({
    operationId: 'listWebhookDeliveries',
    summary: 'Delivery log: status, attempts, response code, duration (never the response body)',
    tag: 'Webhooks',
    answers: { '200': { description: 'Deliveries', body: WebhookDeliveryList } },
  })
  @Get(':id/deliveries')
  deliveries(@CurrentPrincipal() p: Principal, @Param('id') id: string) {
    return this.send(WH.deliveries, p, { id });
  }

  @Operation({
    operationId: 'testWebhookEndpoint',
    summary: 'Send a sample event now: one attempt, recorded in the delivery log (never retried on its own, never counted toward disabling the endpoint)',
    tag: 'Webhooks',
    answers: { '200': { description: 'What the endpoint answered', body: WebhookTestResult } },
  })
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

  @Operation({
    operationId: 'retryWebhookDelivery',
    summary: 'Send a delivery again now',
    tag: 'Webhooks',
    answers: { '202': { description: 'Queued', body: WebhookDelivery } },
  })
  @Post(':id/retry')
  @HttpCode(202)
  retry(@CurrentPrincipal() p: Principal, @Param('id') id: string) {
    return this.bus.send('webhook-dispatcher', WH.retry, { workspaceId: p.workspaceId, plan: p.plan.name, id });
  }
}
