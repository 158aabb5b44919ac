import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Errors, isPlainObject, unknownFields } from '@qr/domain';
import { COMMAND_BUS, type CommandBus } from '@qr/platform';
import { ApiAccessGuard, CurrentPrincipal } from '../access/api-access.guard';
import { actorOf, type Principal } from '@qr/identity';
import { QuotaCost } from '../access/quota-cost.decorator';
import { QuotaRepository } from '../access/quota.repository';
import { API_PREFIX } from '../http/api-prefix';
import { ANALYTICS, CreateQrCodesFlow, QR } from './create-qr-codes-flow';
import { type ImagePayload, sendImage } from './send-image';

export type { ImagePayload } from './send-image';

const MAX_ITEMS = 50;
const bulkCost = (req: Request) => {
  const items = (req.body as { items?: unknown } | undefined)?.items;
  return Array.isArray(items) && items.length <= MAX_ITEMS ? items.length : 1;
};

/** /qrcodes: parse, send one command (or the creation flow), shape the answer. */
@Controller(`${API_PREFIX}/qrcodes`)
@UseGuards(ApiAccessGuard)
export class QrCodesController {
  constructor(
    @Inject(COMMAND_BUS) private readonly bus: CommandBus,
    private readonly create: CreateQrCodesFlow,
    private readonly quota: QuotaRepository,
  ) {}

  @Post()
  async createOne(@CurrentPrincipal() p: Principal, @Body() body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const [result] = await this.create.execute(p, [body ?? null], false, actorOf(p, req));
    res.status(result.result === 'created' ? 201 : 200);
    return result.qr_code;
  }

  /** Moves up to 100 codes into a folder (or out of any), all or none. */
  @Post('move')
  @HttpCode(200)
  move(@CurrentPrincipal() p: Principal, @Body() body: unknown, @Req() req: Request) {
    return this.bus.send('qr-service', QR.moveCodes, { workspaceId: p.workspaceId, body: body ?? null, actor: actorOf(p, req) });
  }

  @Post('bulk')
  @HttpCode(200)
  @QuotaCost(bulkCost)
  async createBulk(@CurrentPrincipal() p: Principal, @Body() body: unknown, @Req() req: Request) {
    const extra = isPlainObject(body) ? unknownFields(body, ['items']) : [];
    if (extra.length) throw Errors.validationFailed(extra);
    const items = (body as { items?: unknown } | null)?.items;
    const results = await this.create.execute(p, items ?? null, true, actorOf(p, req));
    return {
      object: 'list',
      data: results.map((r) => ({ index: r.index, result: r.result, qr_code: r.qr_code })),
      created: results.filter((r) => r.result === 'created').length,
      existing: results.filter((r) => r.result === 'existing').length,
    };
  }

  @Get()
  list(@CurrentPrincipal() p: Principal, @Query() query: Record<string, unknown>) {
    return this.bus.send('qr-service', QR.list, { workspaceId: p.workspaceId, query });
  }

  @Get(':id')
  get(@CurrentPrincipal() p: Principal, @Param('id') id: string) {
    return this.bus.send('qr-service', QR.get, { workspaceId: p.workspaceId, id });
  }

  @Patch(':id')
  update(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() patch: unknown, @Req() req: Request) {
    return this.bus.send('qr-service', QR.update, { workspaceId: p.workspaceId, id, patch: patch ?? null, actor: actorOf(p, req) });
  }

  /** Every change to the code, newest first; kept after the code is deleted. */
  @Get(':id/history')
  history(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Query() query: Record<string, unknown>) {
    return this.bus.send('qr-service', QR.history, { workspaceId: p.workspaceId, id, query });
  }

  @Delete(':id')
  async remove(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Req() req: Request) {
    // Held across the delete: between qr-service's commit and the give-back the count and the
    // counter differ, and the allowance reconcile must not take that for a leak.
    const holdId = await this.quota.holdForDelete(p.workspaceId);
    let deleted: { id: string; category: string } | null = null;
    try {
      deleted = await this.bus.send<{ id: string; category: string }>('qr-service', QR.delete, { workspaceId: p.workspaceId, id, actor: actorOf(p, req) });
    } finally {
      await this.quota.settleDynamic(holdId, p.workspaceId, deleted?.category === 'dynamic' ? 1 : 0);
    }
    return { id: deleted.id, object: 'qr_code', deleted: true };
  }

  /** The gateway resolves the code first (404 for another workspace's code, and its timezone), then asks analytics. */
  @Get(':id/analytics')
  async analytics(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Query() query: Record<string, unknown>, @Res() res: Response) {
    const code = await this.bus.send<{ id: string; timezone: string }>('qr-service', QR.get, { workspaceId: p.workspaceId, id });
    const answer = await this.bus.send<{ json?: unknown; csv?: string }>('analytics-service', ANALYTICS.code, {
      qrId: code.id,
      timezone: code.timezone,
      query,
    });
    if (answer.csv !== undefined) {
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${code.id}-analytics.csv"`);
      res.status(200).send(answer.csv);
      return;
    }
    res.status(200).json(answer.json);
  }

  @Get(':id/image')
  async image(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Query() query: Record<string, unknown>, @Req() req: Request, @Res() res: Response) {
    const image = await this.bus.send<ImagePayload>('qr-service', QR.image, {
      workspaceId: p.workspaceId,
      id,
      query,
      ifNoneMatch: req.headers['if-none-match'],
    });
    sendImage(res, image, { download: true, cacheControl: 'private, no-cache' });
  }
}
