import { Controller, Get, Inject, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { type QrCode, type QrCodeList } from '@qr/api-contract';
import { EXPORT_COLUMNS } from '@qr/code-import';
import { QR_COMMANDS } from '@qr/contracts';
import { csvRows } from '@qr/domain';
import { CurrentPrincipal, SessionGuard, type SessionPrincipal } from '@qr/identity';
import { COMMAND_BUS, type CommandBus, JsonLogger, Operation } from '@qr/platform';
import { streamResponse } from '../http/stream-response';
import { folderIndex } from './folder-index';

/**
 * GET /app/api/exports/codes.csv: every code matching the Codes page's filters, streamed a page at a
 * time. Its columns are the import's, plus read-only ones the import reads past, so a file can be
 * exported, edited and imported again.
 */
@Controller('app/api/exports')
@UseGuards(SessionGuard)
export class ExportsController {
  constructor(
    @Inject(COMMAND_BUS) private readonly bus: CommandBus,
    private readonly logger: JsonLogger,
  ) {}

  @Get('codes.csv')
  @Operation({
    operationId: 'exportCodes',
    summary: 'The workspace’s codes as CSV',
    tag: 'Codes',
    answers: { '200': { description: 'CSV, with the import’s columns', media: ['text/csv'] }, '422': { problem: 'A filter is wrong' } },
  })
  async codes(@CurrentPrincipal() principal: SessionPrincipal, @Query() query: Record<string, unknown>, @Res() res: Response): Promise<void> {
    const filters = Object.fromEntries(Object.entries(query).filter(([k]) => ['q', 'folder_id', 'status', 'type'].includes(k)));
    const list = (cursor: string | null) =>
      this.bus.send<QrCodeList>('qr-service', QR_COMMANDS.list, {
        workspaceId: principal.workspaceId,
        query: { ...filters, limit: '100', ...(cursor ? { cursor } : {}) },
      });
    // The first page is read before any header goes out, so a bad filter is still a clean 422.
    const first = await list(null);
    const folders = await folderIndex(this.bus, principal);
    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="qr-codes-${new Date().toISOString().slice(0, 10)}.csv"`);
    async function* lines() {
      // UTF-8 with a BOM and CRLF, as spreadsheets expect (like the analytics CSV).
      yield `\uFEFF${csvRows([EXPORT_COLUMNS])}`;
      for (let page = first; ;) {
        yield csvRows(page.data.map((c) => rowOf(c, folders.nameOf)));
        if (!page.has_more || !page.next_cursor) return;
        page = await list(page.next_cursor);
      }
    }
    await streamResponse(res, lines(), this.logger, 'codes export');
  }
}

function rowOf(c: QrCode, folderName: (id: string) => string): Array<string | number> {
  const values: Record<(typeof EXPORT_COLUMNS)[number], string | number> = {
    client_ref: c.client_ref ?? '',
    name: c.name,
    type: c.type,
    category: c.category,
    status: c.status,
    folder: c.folder_id ? folderName(c.folder_id) : '',
    url: c.type === 'website' ? (c.content as { url: string }).url : '',
    content: c.type === 'website' ? '' : JSON.stringify(c.content),
    scan_limit: c.scan_limit ?? '',
    id: c.id,
    short_url: c.short_url ?? '',
    state: c.state,
    scan_count: c.category === 'dynamic' ? c.scan_count : '',
    created_at: c.created_at,
  };
  return EXPORT_COLUMNS.map((k) => values[k]);
}
