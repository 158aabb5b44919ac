import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { AuditLogAnswer, AuditLogQuery, intOr, readQueryDeclared } from '@qr/api-contract';
import { csvRows } from '@qr/domain';
import { AUDIT_CSV_COLUMNS, auditCsvRow, auditEntryView, AuditLogRepository, CurrentOwner, SessionGuard, type TeamOwner } from '@qr/identity';
import { JsonLogger, Operation } from '@qr/platform';
import { streamResponse } from '../http/stream-response';

/** The workspace audit log (owners): a page at a time, newest first, and the whole of it as CSV. */
@Controller('app/api/audit-log')
@UseGuards(SessionGuard)
export class AuditLogController {
  constructor(
    private readonly audit: AuditLogRepository,
    private readonly logger: JsonLogger,
  ) {}

  @Get()
  @Operation({
    operationId: 'listAuditLog',
    summary: 'The workspace audit log, newest first',
    tag: 'Audit log',
    query: AuditLogQuery,
    answers: { '200': { description: 'A page of entries', body: AuditLogAnswer } },
  })
  async list(@CurrentOwner() { workspaceId }: TeamOwner, @Query() query: Record<string, unknown>): Promise<AuditLogAnswer> {
    const read = readQueryDeclared(AuditLogQuery, query);
    const q = { limit: intOr(read.limit, 50), cursor: read.cursor ?? null };
    const rows = await this.audit.list(workspaceId, q.cursor, q.limit + 1);
    const data = rows.slice(0, q.limit).map(auditEntryView);
    const hasMore = rows.length > q.limit;
    return { object: 'list', data, has_more: hasMore, next_cursor: hasMore ? data[data.length - 1].id : null };
  }

  @Get('export.csv')
  @Operation({
    operationId: 'exportAuditLog',
    summary: 'The whole audit log as CSV',
    tag: 'Audit log',
    answers: { '200': { description: 'CSV', media: ['text/csv'] } },
  })
  async csv(@CurrentOwner() { workspaceId }: TeamOwner, @Res() res: Response): Promise<void> {
    const audit = this.audit;
    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="audit-log-${new Date().toISOString().slice(0, 10)}.csv"`);
    async function* lines() {
      yield `\uFEFF${csvRows([AUDIT_CSV_COLUMNS])}`;
      for (let before: string | null = null; ;) {
        const rows = await audit.list(workspaceId, before, 500);
        yield csvRows(rows.map(auditCsvRow));
        if (rows.length < 500) return;
        before = rows[rows.length - 1].id;
      }
    }
    await streamResponse(res, lines(), this.logger, 'audit log export');
  }
}
