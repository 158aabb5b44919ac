import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CodeAnalyticsQuery } from '@qr/analytics-math';
import {
  BulkCreateRequest,
  BulkCreateResult,
  DeletedQrCode,
  HistoryQuery,
  ImageQuery,
  ListQrCodesQuery,
  MAX_BULK_ITEMS,
  MoveQrCodesInput,
  MoveQrCodesResult,
  QrCode,
  QrCodeChangeList,
  QrCodeInput,
  QrCodeList,
  readDeclared,
  CodeAnalytics,
} from '@qr/api-contract';
import { COMMAND_BUS, type CommandBus, Operation } from '@qr/platform';
import { isPlainObject } from '@qr/domain';
import { ApiAccessGuard } from '../access/api-access.guard';
import { actorOf, CurrentPrincipal, type Principal } from '@qr/identity';
import { QuotaCost } from '../access/quota-cost.decorator';
import { QuotaRepository } from '../access/quota.repository';
import { API_PREFIX } from '../http/api-prefix';
import { ANALYTICS_COMMANDS as ANALYTICS, QR_COMMANDS as QR } from '@qr/contracts';
import { CreateQrCodesFlow } from './create-qr-codes-flow';
import { type ImagePayload, sendImage } from './send-image';

const bulkCost = (req: Request) => {
  const items = (req.body as { items?: unknown } | undefined)?.items;
  return Array.isArray(items) && items.length <= MAX_BULK_ITEMS ? items.length : 1;
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

  @Operation({
    operationId: 'createQrCode',
    summary: 'Create a QR code',
    tag: 'QR codes',
    description: '201 for a new code; 200 with the existing code, unchanged, when `client_ref` was used before in this workspace.',
    body: QrCodeInput,
    answers: {
      '201': { description: 'Created', body: QrCode },
      '200': { description: 'The code this client_ref already names', body: QrCode },
      '409': { problem: 'The chosen short_code is taken on that domain (short_code_taken)' },
    },
  })
  @Post()
  async createOne(@CurrentPrincipal() p: Principal, @Body() body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const [result] = await this.create.execute(p, [body ?? null], false, actorOf(p, req));
    res.status(result.result === 'created' ? 201 : 200);
    return result.qr_code;
  }

  @Operation({
    operationId: 'moveQrCodes',
    summary: 'Move up to 100 codes into a folder, or out of any; all or none',
    tag: 'Folders',
    body: MoveQrCodesInput,
    answers: { '200': { description: 'Moved', body: MoveQrCodesResult }, '409': 'Conflict' },
  })
  @Post('move')
  @HttpCode(200)
  move(@CurrentPrincipal() p: Principal, @Body() body: unknown, @Req() req: Request) {
    return this.bus.send('qr-service', QR.moveCodes, { workspaceId: p.workspaceId, body: body ?? null, actor: actorOf(p, req) });
  }

  @Operation({
    operationId: 'bulkCreateQrCodes',
    summary: 'Create up to 50 codes at once',
    tag: 'QR codes',
    description:
      'The whole batch is validated (pointers `/items/3/content/url`) and checked against the monthly calls (one per item) and the dynamic allowance before anything is written; ' +
      'a batch that does not fit creates nothing. Re-sending a partly created batch returns the finished codes (by client_ref) and creates the rest.',
    body: BulkCreateRequest,
    answers: {
      '200': { description: 'Every item, in order', body: BulkCreateResult },
      '409': { problem: 'A chosen short_code is taken on that domain (short_code_taken); nothing is created' },
    },
  })
  @Post('bulk')
  @HttpCode(200)
  @QuotaCost(bulkCost)
  async createBulk(@CurrentPrincipal() p: Principal, @Body() body: unknown, @Req() req: Request) {
    // A body that is not an object has no items: the answer points at /items, as it always has.
    const { items } = readDeclared(BulkCreateRequest, isPlainObject(body) ? body : {});
    const results = await this.create.execute(p, items, true, actorOf(p, req));
    return {
      object: 'list',
      data: results.map((r) => ({ index: r.index, result: r.result, qr_code: r.qr_code })),
      created: results.filter((r) => r.result === 'created').length,
      existing: results.filter((r) => r.result === 'existing').length,
    };
  }

  @Operation({
    operationId: 'listQrCodes',
    summary: 'List QR codes, newest first',
    tag: 'QR codes',
    query: ListQrCodesQuery,
    answers: { '200': { description: 'A page', body: QrCodeList } },
  })
  @Get()
  list(@CurrentPrincipal() p: Principal, @Query() query: Record<string, unknown>) {
    return this.bus.send('qr-service', QR.list, { workspaceId: p.workspaceId, query });
  }

  @Operation({ operationId: 'getQrCode', summary: 'Get a QR code', tag: 'QR codes', answers: { '200': { description: 'The code', body: QrCode } } })
  @Get(':id')
  get(@CurrentPrincipal() p: Principal, @Param('id') id: string) {
    return this.bus.send('qr-service', QR.get, { workspaceId: p.workspaceId, id });
  }

  @Operation({
    operationId: 'updateQrCode',
    summary: 'Change a QR code',
    tag: 'QR codes',
    description:
      'name, destinations, content (dynamic codes), status, schedule, scan_limit, UTM fields, folder_id, fallback_url. `null` clears a field. A static code’s data cannot change (422). Applies from the next scan.',
    body: 'QrCodePatch',
    answers: { '200': { description: 'The changed code', body: QrCode }, '409': 'Conflict' },
  })
  @Patch(':id')
  update(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() patch: unknown, @Req() req: Request) {
    return this.bus.send('qr-service', QR.update, { workspaceId: p.workspaceId, id, patch: patch ?? null, actor: actorOf(p, req) });
  }

  @Operation({
    operationId: 'listQrCodeHistory',
    summary: 'Every change to a code, newest first: who, how, when, and each field before and after',
    tag: 'QR codes',
    description:
      'Creates, changes, pauses, resumes and the delete. Kept after the code is deleted, as long as the workspace exists; no route writes it. Another workspace’s code is a 404.',
    query: HistoryQuery,
    answers: { '200': { description: 'A page', body: QrCodeChangeList } },
  })
  @Get(':id/history')
  history(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Query() query: Record<string, unknown>) {
    return this.bus.send('qr-service', QR.history, { workspaceId: p.workspaceId, id, query });
  }

  @Operation({
    operationId: 'deleteQrCode',
    summary: 'Delete a QR code (its short link answers 410 afterwards; a dynamic code frees its allowance)',
    tag: 'QR codes',
    answers: { '200': { description: 'Deleted', body: DeletedQrCode } },
  })
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
  @Operation({
    operationId: 'getQrCodeAnalytics',
    summary: 'Scan analytics of one code',
    tag: 'Analytics',
    description:
      'Days are local days in `tz` (default: the code’s timezone); default range the last 30 days; at most 366 days. Bots are excluded unless include_bots=true. `format=csv` answers a spreadsheet-friendly CSV.',
    query: CodeAnalyticsQuery,
    answers: { '200': { description: 'Analytics', body: CodeAnalytics, media: ['text/csv'] } },
  })
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

  @Operation({
    operationId: 'downloadQrCodeImage',
    summary: 'Download the code as SVG, PNG or PDF',
    tag: 'QR codes',
    query: ImageQuery,
    answers: {
      '200': { description: 'The image (Content-Disposition: attachment)', media: ['image/svg+xml', 'image/png', 'application/pdf'] },
      '304': { description: 'Not modified: If-None-Match holds the current ETag' },
    },
  })
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
