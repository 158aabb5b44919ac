import { type ImportRow, parseCodeCsv, type RowError, toRowError } from '@qr/code-import';
import { ApiError } from '@qr/domain';
import { type CreateQrCodesFlow, type SessionPrincipal } from '@qr/gateway';
import { type CommandBus } from '@qr/platform';
import { folderIndex } from './folder-index';

/** The bulk use case's batch size: an import sends its rows 50 at a time, like a client of the API. */
const BATCH = 50;

export interface ImportReport {
  object: 'import_report';
  rows: number;
  created: number;
  existing: number;
  failed: number;
  errors: RowError[];
}

/**
 * A CSV of codes through the bulk use case, 50 rows at a time, with client_ref idempotency and the
 * plan's dynamic allowance (dashboard imports are not API calls, so the monthly quota is untouched).
 * A batch the bulk validation refuses is sent again without the rows it named, so one bad row never
 * holds back the others; their errors come back with their line numbers. A run out of dynamic
 * allowance stops the import: the rows after it are reported, not created.
 */
export class ImportCodes {
  constructor(
    private readonly bus: CommandBus,
    private readonly create: CreateQrCodesFlow,
  ) {}

  async run(principal: SessionPrincipal, csv: string, onProgress: (done: number, total: number) => void): Promise<ImportReport> {
    const folders = await folderIndex(this.bus, principal);
    const parsed = parseCodeCsv(csv, folders.idOf);
    if (!parsed.ok) return { object: 'import_report', rows: 0, created: 0, existing: 0, failed: 0, errors: parsed.errors };
    const unreadable = new Set(parsed.errors.map((e) => e.line)).size;
    const report: ImportReport = { object: 'import_report', rows: parsed.rows.length + unreadable, created: 0, existing: 0, failed: unreadable, errors: [...parsed.errors] };
    for (let start = 0; start < parsed.rows.length; start += BATCH) {
      const batch = parsed.rows.slice(start, start + BATCH);
      const stop = await this.send(principal, batch, report);
      if (stop) {
        const rest = parsed.rows.slice(start + BATCH);
        report.errors.push(...rest.map((r) => ({ line: r.line, column: null, code: stop.code, detail: `not imported: ${stop.detail}` })));
        report.failed += rest.length;
        break;
      }
      onProgress(Math.min(start + BATCH, parsed.rows.length), parsed.rows.length);
    }
    report.errors.sort((a, b) => a.line - b.line);
    return report;
  }

  /** One batch; returns the error that should stop the import (the allowance ran out), else null. */
  private async send(principal: SessionPrincipal, rows: ImportRow[], report: ImportReport): Promise<ApiError | null> {
    let pending = rows;
    while (pending.length) {
      try {
        const results = await this.create.execute(principal, pending.map((r) => r.item), true);
        report.created += results.filter((r) => r.result === 'created').length;
        report.existing += results.filter((r) => r.result === 'existing').length;
        return null;
      } catch (err) {
        const refused = err instanceof ApiError ? err : null;
        if (refused?.status === 422 && refused.errors?.some((e) => /^\/items\/\d+/.test(e.pointer))) {
          const bad = new Set<number>();
          for (const e of refused.errors) {
            const index = Number(/^\/items\/(\d+)/.exec(e.pointer)?.[1]);
            if (!Number.isInteger(index) || !pending[index]) continue;
            bad.add(index);
            report.errors.push(toRowError(e, pending[index].line, `/items/${index}`));
          }
          report.failed += bad.size;
          pending = pending.filter((_, i) => !bad.has(i));
          continue;
        }
        report.failed += pending.length;
        const reason = refused ?? new ApiError(500, 'internal_error', 'Internal error', 'the batch could not be created');
        report.errors.push(...pending.map((r) => ({ line: r.line, column: null, code: reason.code, detail: reason.detail })));
        return refused?.code === 'dynamic_allowance_exceeded' ? refused : null;
      }
    }
    return null;
  }
}
