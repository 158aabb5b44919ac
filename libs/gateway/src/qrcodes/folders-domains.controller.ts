import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { COMMAND_BUS, type CommandBus } from '@qr/platform';
import { ApiAccessGuard, CurrentPrincipal } from '../access/api-access.guard';
import { type Principal } from '../access/principal';
import { API_PREFIX } from '../http/api-prefix';
import { QR } from './create-qr-codes-flow';

@Controller(`${API_PREFIX}/folders`)
@UseGuards(ApiAccessGuard)
export class FoldersController {
  constructor(@Inject(COMMAND_BUS) private readonly bus: CommandBus) {}

  @Post()
  @HttpCode(201)
  create(@CurrentPrincipal() p: Principal, @Body() body: unknown) {
    return this.bus.send('qr-service', QR.createFolder, { workspaceId: p.workspaceId, body: body ?? null });
  }

  @Get()
  list(@CurrentPrincipal() p: Principal, @Query() query: Record<string, unknown>) {
    return this.bus.send('qr-service', QR.listFolders, { workspaceId: p.workspaceId, query });
  }

  @Patch(':id')
  rename(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() body: unknown) {
    return this.bus.send('qr-service', QR.renameFolder, { workspaceId: p.workspaceId, id, body: body ?? null });
  }

  /** The folder's codes move to no folder, in the same transaction. */
  @Delete(':id')
  remove(@CurrentPrincipal() p: Principal, @Param('id') id: string) {
    return this.bus.send('qr-service', QR.deleteFolder, { workspaceId: p.workspaceId, id });
  }
}

@Controller(`${API_PREFIX}/domains`)
@UseGuards(ApiAccessGuard)
export class DomainsController {
  constructor(@Inject(COMMAND_BUS) private readonly bus: CommandBus) {}

  @Post()
  @HttpCode(201)
  create(@CurrentPrincipal() p: Principal, @Body() body: unknown) {
    return this.bus.send('qr-service', QR.createDomain, { workspaceId: p.workspaceId, body: body ?? null });
  }

  @Get()
  list(@CurrentPrincipal() p: Principal, @Query() query: Record<string, unknown>) {
    return this.bus.send('qr-service', QR.listDomains, { workspaceId: p.workspaceId, query });
  }

  @Post(':id/verify')
  @HttpCode(200)
  verify(@CurrentPrincipal() p: Principal, @Param('id') id: string) {
    return this.bus.send('qr-service', QR.verifyDomain, { workspaceId: p.workspaceId, id });
  }
}
