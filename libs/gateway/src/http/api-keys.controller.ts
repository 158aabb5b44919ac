import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { canGrantRole, canManageApiKeys, Errors } from '@qr/domain';
import { ApiAccessGuard } from '../access/api-access.guard';
import { actorOf, ApiKeysRepository, AuditLogRepository, CreateApiKey, CurrentPrincipal, type Principal } from '@qr/identity';
import { apiKeyView } from './api-key.view';
import { API_PREFIX } from './api-prefix';
import { ApiKeyInput, ApiKeyList, CreatedApiKey, DeletedApiKey, expiryOf, readDeclared } from '@qr/api-contract';
import { Operation } from '@qr/platform';

@Controller(`${API_PREFIX}/api-keys`)
@UseGuards(ApiAccessGuard)
export class ApiKeysController {
  constructor(
    private readonly createKey: CreateApiKey,
    private readonly keys: ApiKeysRepository,
    private readonly audit: AuditLogRepository,
  ) {}

  @Operation({
    operationId: 'createApiKey',
    summary: 'Create an API key (owner and editor keys only)',
    description: 'The answer carries `secret` once; only its SHA-256 is stored. A key cannot be given a higher role than the key creating it.',
    tag: 'API keys',
    body: ApiKeyInput,
    answers: { '201': { description: 'Created', body: CreatedApiKey } },
  })
  @Post()
  @HttpCode(201)
  async create(@CurrentPrincipal() principal: Principal, @Body() sent: unknown, @Req() req: Request) {
    assertKeyManager(principal);
    const body = readDeclared(ApiKeyInput, sent);
    const role = body.role ?? principal.role;
    if (!canGrantRole(principal.role, role)) throw Errors.forbidden(`A ${principal.role} key cannot create a ${role} key.`);
    const created = await this.createKey.execute({
      workspaceId: principal.workspaceId,
      name: body.name,
      role,
      expiresAt: expiryOf(body) ?? null,
      createdByKeyId: principal.keyId,
      createdByMemberId: principal.member?.memberId ?? null,
      audit: { actor: actorOf(principal, req), log: this.audit },
    });
    return { ...apiKeyView(created.record), secret: created.secret };
  }

  @Operation({
    operationId: 'listApiKeys',
    summary: 'List the workspace’s live keys (owner and editor keys only)',
    tag: 'API keys',
    answers: { '200': { description: 'Live keys, without secrets', body: ApiKeyList } },
  })
  @Get()
  async list(@CurrentPrincipal() principal: Principal) {
    assertKeyManager(principal);
    const keys = await this.keys.listActive(principal.workspaceId, Date.now());
    return { object: 'list', data: keys.map(apiKeyView) };
  }

  @Operation({
    operationId: 'revokeApiKey',
    summary: 'Revoke a key; it answers 401 from the next request on',
    tag: 'API keys',
    answers: { '200': { description: 'Revoked', body: DeletedApiKey } },
  })
  @Delete(':id')
  async revoke(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Req() req: Request) {
    assertKeyManager(principal);
    const revoked = await this.keys.revoke(principal.workspaceId, id, Date.now(), { actor: actorOf(principal, req), log: this.audit });
    if (!revoked) throw Errors.notFound('api key');
    return { id, object: 'api_key', deleted: true };
  }
}

function assertKeyManager(principal: Principal): void {
  if (!canManageApiKeys(principal.role))
    throw Errors.forbidden(principal.member ? 'Only owners and editors manage API keys.' : 'Only owner and editor keys manage API keys.');
}
