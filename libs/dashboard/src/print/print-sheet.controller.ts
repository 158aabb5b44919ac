import { once } from 'node:events';
import { Body, Controller, Get, HttpCode, Inject, Post, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { CurrentMember, SessionGuard, type SessionPrincipal, ViewersMay } from '@qr/gateway';
import { JsonLogger } from '@qr/platform';
import { PAGE_SIZES, SHEET_PRESETS } from '@qr/print-sheet';
import { BuildPrintSheet } from './build-print-sheet';

/** POST /app/api/print-sheets: one vector PDF of many codes, streamed as it is drawn. */
@Controller('app/api/print-sheets')
@UseGuards(SessionGuard)
export class PrintSheetController {
  constructor(
    @Inject(BuildPrintSheet) private readonly sheets: BuildPrintSheet,
    private readonly logger: JsonLogger,
  ) {}

  /** The layouts the print page offers (the PDF's geometry is the server's, so the page asks it). */
  @Get('presets')
  presets() {
    return {
      object: 'list',
      data: SHEET_PRESETS.map((p) => ({ id: p.id, label: p.label, page_size: p.pageSize, columns: p.columns, rows: p.rows })),
      page_sizes: Object.keys(PAGE_SIZES),
    };
  }

  @Post()
  @HttpCode(200)
  @ViewersMay()
  async create(@CurrentMember() principal: SessionPrincipal, @Body() body: unknown, @Res() res: Response): Promise<void> {
    const sheet = await this.sheets.start(principal, body);
    const date = new Date().toISOString().slice(0, 10);
    res.status(200);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="qr-sheet-${date}-${sheet.codes}-codes.pdf"`);
    res.setHeader('X-Sheet-Codes', String(sheet.codes));
    res.setHeader('X-Sheet-Pages', String(sheet.pages));
    try {
      for await (const chunk of sheet.chunks) {
        if (res.destroyed) return;
        if (!res.write(chunk)) await once(res, 'drain');
      }
      res.end();
    } catch (err) {
      // The status line is out: all that is left is to cut the download short, which the browser reports.
      this.logger.event('error', 'print sheet failed while streaming', { error: err instanceof Error ? err.stack : String(err) });
      res.destroy(err instanceof Error ? err : new Error(String(err)));
    }
  }
}
