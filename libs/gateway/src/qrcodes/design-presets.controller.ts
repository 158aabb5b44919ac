import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { COMMAND_BUS, type CommandBus } from '@qr/platform';
import { ApiAccessGuard, CurrentPrincipal } from '../access/api-access.guard';
import { type Principal } from '../access/principal';
import { API_PREFIX } from '../http/api-prefix';
import { QR } from './create-qr-codes-flow';

/** Brand presets: named designs codes follow (`design_preset_id`); a change shows on every such code. */
@Controller(`${API_PREFIX}/design-presets`)
@UseGuards(ApiAccessGuard)
export class DesignPresetsController {
  constructor(@Inject(COMMAND_BUS) private readonly bus: CommandBus) {}

  @Post()
  @HttpCode(201)
  create(@CurrentPrincipal() p: Principal, @Body() body: unknown) {
    return this.bus.send('qr-service', QR.createPreset, { workspaceId: p.workspaceId, body: body ?? null });
  }

  @Get()
  list(@CurrentPrincipal() p: Principal) {
    return this.bus.send('qr-service', QR.listPresets, { workspaceId: p.workspaceId });
  }

  @Get(':id')
  get(@CurrentPrincipal() p: Principal, @Param('id') id: string) {
    return this.bus.send('qr-service', QR.getPreset, { workspaceId: p.workspaceId, id });
  }

  @Patch(':id')
  update(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() body: unknown) {
    return this.bus.send('qr-service', QR.updatePreset, { workspaceId: p.workspaceId, id, body: body ?? null });
  }

  @Delete(':id')
  remove(@CurrentPrincipal() p: Principal, @Param('id') id: string) {
    return this.bus.send('qr-service', QR.deletePreset, { workspaceId: p.workspaceId, id });
  }
}
