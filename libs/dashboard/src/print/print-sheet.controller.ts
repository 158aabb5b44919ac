import { Body, Controller, Get, HttpCode, Inject, Post, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { AnyRole, CurrentPrincipal, SessionGuard, type SessionPrincipal } from '@qr/identity';
import { SheetPresetsAnswer } from '@qr/api-contract';
import { JsonLogger, Operation } from '@qr/platform';
import { PAGE_SIZES, SHEET_PRESETS } from '@qr/print-sheet';
import { streamResponse } from '../http/stream-response';
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
  @Operation({
    operationId: 'listSheetPresets',
    summary: 'The print sheet layouts',
    tag: 'Print',
    answers: { '200': { description: 'The layouts', body: SheetPresetsAnswer } },
  })
  presets(): SheetPresetsAnswer {
    return {
      object: 'list',
      data: SHEET_PRESETS.map((p) => ({ id: p.id, label: p.label, page_size: p.pageSize, columns: p.columns, rows: p.rows })),
      page_sizes: Object.keys(PAGE_SIZES),
    };
  }

  @Post()
  @HttpCode(200)
  @AnyRole()
  @Operation({
    operationId: 'printSheet',
    summary: 'A vector PDF of many codes',
    tag: 'Print',
    answers: {
      '200': { description: 'The PDF, streamed', media: ['application/pdf'] },
      '422': { problem: 'A layout or selection field is wrong, or the codes do not fit' },
    },
  })
  async create(@CurrentPrincipal() principal: SessionPrincipal, @Body() body: unknown, @Res() res: Response): Promise<void> {
    const sheet = await this.sheets.start(principal, body);
    const date = new Date().toISOString().slice(0, 10);
    res.status(200);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="qr-sheet-${date}-${sheet.codes}-codes.pdf"`);
    res.setHeader('X-Sheet-Codes', String(sheet.codes));
    res.setHeader('X-Sheet-Pages', String(sheet.pages));
    await streamResponse(res, sheet.chunks, this.logger, 'print sheet');
  }
}
