import { Controller, Delete, Get, HttpCode, Inject, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { COMMAND_BUS, type CommandBus, Operation } from '@qr/platform';
import { ApiAccessGuard } from '../access/api-access.guard';
import { AuditLogRepository, CurrentPrincipal, type Principal } from '@qr/identity';
import { API_PREFIX } from '../http/api-prefix';
import { QR_COMMANDS as QR } from '@qr/contracts';
import { readLogoUpload } from './logo-upload';
import { type ImagePayload, sendImage } from './send-image';
import { DeletedLogo, Logo, LogoList, LogoUpload, LogoUploadForm } from '@qr/api-contract';

/** A workspace's logos: uploaded once, shown by any number of codes (`design.logo.id`). */
@Controller(`${API_PREFIX}/logos`)
@UseGuards(ApiAccessGuard)
export class LogosController {
  constructor(
    @Inject(COMMAND_BUS) private readonly bus: CommandBus,
    private readonly audit: AuditLogRepository,
  ) {}

  @Operation({
    operationId: 'uploadLogo',
    summary: 'Upload a logo (PNG, JPEG or SVG, at most 1 MB)',
    tag: 'Logos',
    description:
      'The file is decoded and drawn again as a PNG (at most 512 pixels a side); an SVG is sanitised and rasterised. Damaged files, other types, decompression bombs and unsafe SVG (a DOCTYPE) are a 422 at `/file` or `/data`, and nothing is stored.',
    body: { 'multipart/form-data': LogoUploadForm, 'application/json': LogoUpload },
    answers: {
      '201': { description: 'Stored', body: Logo },
      '409': { problem: 'The workspace has 100 logos' },
      '415': { problem: 'Neither multipart nor JSON' },
    },
  })
  @Post()
  @HttpCode(201)
  async upload(@CurrentPrincipal() p: Principal, @Req() req: Request) {
    const logo = await this.bus.send<Logo>('qr-service', QR.createLogo, { workspaceId: p.workspaceId, ...(await readLogoUpload(req)) });
    await this.audit.note(p, req, 'logo.uploaded', { type: 'logo', id: logo.id, name: logo.name });
    return logo;
  }

  @Operation({
    operationId: 'listLogos',
    summary: 'List the workspace’s logos, newest first',
    tag: 'Logos',
    answers: { '200': { description: 'Every logo', body: LogoList } },
  })
  @Get()
  list(@CurrentPrincipal() p: Principal) {
    return this.bus.send('qr-service', QR.listLogos, { workspaceId: p.workspaceId });
  }

  @Operation({ operationId: 'getLogo', summary: 'A logo', tag: 'Logos', answers: { '200': { description: 'The logo', body: Logo } } })
  @Get(':id')
  get(@CurrentPrincipal() p: Principal, @Param('id') id: string) {
    return this.bus.send('qr-service', QR.getLogo, { workspaceId: p.workspaceId, id });
  }

  /** The stored PNG (the upload as we drew it again, never the uploaded bytes). */
  @Operation({
    operationId: 'downloadLogoImage',
    summary: 'The logo as stored: a PNG',
    tag: 'Logos',
    answers: { '200': { description: 'The PNG', media: ['image/png'] }, '304': { description: 'Not modified: If-None-Match holds the current ETag' } },
  })
  @Get(':id/image')
  async image(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    const image = await this.bus.send<ImagePayload>('qr-service', QR.logoImage, { workspaceId: p.workspaceId, id, ifNoneMatch: req.headers['if-none-match'] });
    sendImage(res, image, { download: false, cacheControl: 'private, max-age=3600' });
  }

  @Operation({
    operationId: 'deleteLogo',
    summary: 'Delete a logo no code shows',
    tag: 'Logos',
    answers: { '200': { description: 'Deleted', body: DeletedLogo }, '409': { problem: 'Codes still show it' } },
  })
  @Delete(':id')
  async remove(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Req() req: Request) {
    const logo = await this.bus.send<Logo>('qr-service', QR.getLogo, { workspaceId: p.workspaceId, id });
    const deleted = await this.bus.send('qr-service', QR.deleteLogo, { workspaceId: p.workspaceId, id });
    await this.audit.note(p, req, 'logo.deleted', { type: 'logo', id, name: logo.name });
    return deleted;
  }
}
