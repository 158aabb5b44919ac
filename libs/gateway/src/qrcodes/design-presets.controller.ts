import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { COMMAND_BUS, type CommandBus, Operation } from '@qr/platform';
import { ApiAccessGuard } from '../access/api-access.guard';
import { AuditLogRepository, CurrentPrincipal, type Principal } from '@qr/identity';
import { API_PREFIX } from '../http/api-prefix';
import { QR_COMMANDS as QR } from '@qr/contracts';
import { DeletedDesignPreset, DesignPreset, DesignPresetInput, DesignPresetList } from '@qr/api-contract';

/** Brand presets: named designs codes follow (`design_preset_id`); a change shows on every such code. */
@Controller(`${API_PREFIX}/design-presets`)
@UseGuards(ApiAccessGuard)
export class DesignPresetsController {
  constructor(
    @Inject(COMMAND_BUS) private readonly bus: CommandBus,
    private readonly audit: AuditLogRepository,
  ) {}

  @Operation({
    operationId: 'createDesignPreset',
    summary: 'Create a brand preset (checked for scannability on a short link)',
    tag: 'Design presets',
    body: DesignPresetInput,
    answers: { '201': { description: 'Created', body: DesignPreset } },
  })
  @Post()
  @HttpCode(201)
  async create(@CurrentPrincipal() p: Principal, @Body() body: unknown, @Req() req: Request) {
    const preset = await this.bus.send<DesignPreset>('qr-service', QR.createPreset, { workspaceId: p.workspaceId, body: body ?? null });
    await this.audit.note(p, req, 'design_preset.created', { type: 'design_preset', id: preset.id, name: preset.name });
    return preset;
  }

  @Operation({
    operationId: 'listDesignPresets',
    summary: 'List the workspace’s brand presets, by name',
    tag: 'Design presets',
    answers: { '200': { description: 'Every preset', body: DesignPresetList } },
  })
  @Get()
  list(@CurrentPrincipal() p: Principal) {
    return this.bus.send('qr-service', QR.listPresets, { workspaceId: p.workspaceId });
  }

  @Operation({
    operationId: 'getDesignPreset',
    summary: 'A brand preset',
    tag: 'Design presets',
    answers: { '200': { description: 'The preset', body: DesignPreset } },
  })
  @Get(':id')
  get(@CurrentPrincipal() p: Principal, @Param('id') id: string) {
    return this.bus.send('qr-service', QR.getPreset, { workspaceId: p.workspaceId, id });
  }

  /** A preset change shows on every code that follows it, so the audit log keeps who made it (the field names, not their values). */
  @Operation({
    operationId: 'updateDesignPreset',
    summary: 'Change a brand preset; every code that follows it shows the change',
    tag: 'Design presets',
    description: 'The changed preset is checked for scannability on each kind of code that follows it; a 422 names the code it would not scan on.',
    body: DesignPresetInput,
    answers: { '200': { description: 'The preset', body: DesignPreset } },
  })
  @Patch(':id')
  async update(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() body: unknown, @Req() req: Request) {
    const preset = await this.bus.send<DesignPreset>('qr-service', QR.updatePreset, { workspaceId: p.workspaceId, id, body: body ?? null });
    const fields = body !== null && typeof body === 'object' ? Object.keys(body) : [];
    await this.audit.note(p, req, 'design_preset.updated', { type: 'design_preset', id: preset.id, name: preset.name }, { fields });
    return preset;
  }

  @Operation({
    operationId: 'deleteDesignPreset',
    summary: 'Delete a brand preset no code follows',
    tag: 'Design presets',
    answers: { '200': { description: 'Deleted', body: DeletedDesignPreset }, '409': { problem: 'Codes still follow it' } },
  })
  @Delete(':id')
  async remove(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Req() req: Request) {
    const preset = await this.bus.send<DesignPreset>('qr-service', QR.getPreset, { workspaceId: p.workspaceId, id });
    const deleted = await this.bus.send('qr-service', QR.deletePreset, { workspaceId: p.workspaceId, id });
    await this.audit.note(p, req, 'design_preset.deleted', { type: 'design_preset', id, name: preset.name });
    return deleted;
  }
}
