import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Query, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { COMMAND_BUS, type CommandBus, Operation } from '@qr/platform';
import { ApiAccessGuard } from '../access/api-access.guard';
import { actorOf, AuditLogRepository, CurrentPrincipal, type Principal } from '@qr/identity';
import { API_PREFIX } from '../http/api-prefix';
import { QR_COMMANDS as QR } from '@qr/contracts';
import { DeletedFolder, Domain, DomainInput, DomainList, Folder, FolderInput, FolderList, PageQuery } from '@qr/api-contract';

@Controller(`${API_PREFIX}/folders`)
@UseGuards(ApiAccessGuard)
export class FoldersController {
  constructor(@Inject(COMMAND_BUS) private readonly bus: CommandBus) {}

  @Operation({
    operationId: 'createFolder',
    summary: 'Create a folder',
    tag: 'Folders',
    body: FolderInput,
    answers: { '201': { description: 'Created', body: Folder } },
  })
  @Post()
  @HttpCode(201)
  create(@CurrentPrincipal() p: Principal, @Body() body: unknown) {
    return this.bus.send('qr-service', QR.createFolder, { workspaceId: p.workspaceId, body: body ?? null });
  }

  @Operation({
    operationId: 'listFolders',
    summary: 'List folders, newest first',
    tag: 'Folders',
    query: PageQuery,
    answers: { '200': { description: 'A page', body: FolderList } },
  })
  @Get()
  list(@CurrentPrincipal() p: Principal, @Query() query: Record<string, unknown>) {
    return this.bus.send('qr-service', QR.listFolders, { workspaceId: p.workspaceId, query });
  }

  @Operation({
    operationId: 'renameFolder',
    summary: 'Rename a folder',
    tag: 'Folders',
    body: FolderInput,
    answers: { '200': { description: 'The folder', body: Folder } },
  })
  @Patch(':id')
  rename(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() body: unknown) {
    return this.bus.send('qr-service', QR.renameFolder, { workspaceId: p.workspaceId, id, body: body ?? null });
  }

  @Operation({
    operationId: 'deleteFolder',
    summary: 'Delete a folder; its codes move to no folder in the same transaction',
    tag: 'Folders',
    answers: { '200': { description: 'Deleted', body: DeletedFolder } },
  })
  @Delete(':id')
  remove(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Req() req: Request) {
    return this.bus.send('qr-service', QR.deleteFolder, { workspaceId: p.workspaceId, id, actor: actorOf(p, req) });
  }
}

@Controller(`${API_PREFIX}/domains`)
@UseGuards(ApiAccessGuard)
export class DomainsController {
  constructor(
    @Inject(COMMAND_BUS) private readonly bus: CommandBus,
    private readonly audit: AuditLogRepository,
  ) {}

  @Operation({
    operationId: 'createDomain',
    summary: 'Register a custom short-link domain',
    tag: 'Domains',
    description: 'Answers the TXT record to create (`_qr-verify.<hostname>`), then call verify.',
    body: DomainInput,
    answers: { '201': { description: 'Created (pending)', body: Domain } },
  })
  @Post()
  @HttpCode(201)
  async create(@CurrentPrincipal() p: Principal, @Body() body: unknown, @Req() req: Request) {
    const domain = await this.bus.send<Domain>('qr-service', QR.createDomain, { workspaceId: p.workspaceId, body: body ?? null });
    await this.audit.note(p, req, 'domain.added', { type: 'domain', id: domain.id, name: domain.hostname });
    return domain;
  }

  @Operation({
    operationId: 'listDomains',
    summary: 'List domains, newest first',
    tag: 'Domains',
    query: PageQuery,
    answers: { '200': { description: 'A page', body: DomainList } },
  })
  @Get()
  list(@CurrentPrincipal() p: Principal, @Query() query: Record<string, unknown>) {
    return this.bus.send('qr-service', QR.listDomains, { workspaceId: p.workspaceId, query });
  }

  @Operation({
    operationId: 'verifyDomain',
    summary: 'Check the DNS TXT record now',
    tag: 'Domains',
    description: 'Always answers the domain: `status` becomes verified when the record matches; otherwise `verification.last_error` says why.',
    answers: { '200': { description: 'The domain', body: Domain } },
  })
  @Post(':id/verify')
  @HttpCode(200)
  async verify(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Req() req: Request) {
    const domain = await this.bus.send<Domain>('qr-service', QR.verifyDomain, { workspaceId: p.workspaceId, id });
    // A check that finds the record missing changes nothing worth keeping; a verification does.
    if (domain.status === 'verified') await this.audit.note(p, req, 'domain.verified', { type: 'domain', id: domain.id, name: domain.hostname });
    return domain;
  }
}
