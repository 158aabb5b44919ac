import { Body, Controller, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiError } from '@qr/domain';
import { actorOf, CurrentPrincipal, SessionGuard, type SessionPrincipal } from '@qr/identity';
import { JsonLogger, Operation } from '@qr/platform';
import { ImportCodes } from './import-codes';

/** 5,000 rows of a few hundred bytes fit easily (DashboardModule reads the body with this limit). */
export const MAX_CSV_BYTES = 5 * 1024 * 1024;
export const CSV_TYPES = ['text/csv', 'text/plain'];

/**
 * POST /app/api/imports with a CSV body (text/csv). The answer is a stream of JSON lines: a
 * `progress` line after each batch of 50 rows, then one `result` line with the report, so the page
 * shows how far an import of thousands of rows has come.
 */
@Controller('app/api/imports')
@UseGuards(SessionGuard)
export class ImportsController {
  constructor(
    @Inject(ImportCodes) private readonly imports: ImportCodes,
    private readonly logger: JsonLogger,
  ) {}

  @Post()
  @HttpCode(200)
  @Operation({
    operationId: 'importCodes',
    summary: 'Create codes from a CSV file',
    tag: 'Codes',
    answers: {
      '200': { description: 'JSON lines: progress, then the result', media: ['application/x-ndjson'] },
      '415': { problem: 'The body is not text/csv' },
    },
  })
  async create(@CurrentPrincipal() principal: SessionPrincipal, @Body() csv: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    if (typeof csv !== 'string' || !/^text\/(csv|plain)\b/i.test(String(req.headers['content-type']))) {
      throw new ApiError(415, 'unsupported_media_type', 'Unsupported media type', 'Send the file as text/csv.');
    }
    res.status(200);
    res.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
    const line = (value: unknown) => res.write(`${JSON.stringify(value)}\n`);
    try {
      const report = await this.imports.run(principal, actorOf(principal, req, 'import'), csv, (done, total) => line({ type: 'progress', done, total }));
      line({ type: 'result', ...report });
    } catch (err) {
      this.logger.event('error', 'CSV import failed', { error: err instanceof Error ? err.stack : String(err) });
      line({
        type: 'error',
        detail: 'The import stopped because of an error on our side; rows already created stay, and importing the file again adds only the rest.',
      });
    }
    res.end();
  }
}
