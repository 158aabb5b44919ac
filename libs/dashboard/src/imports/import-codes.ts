import { type ImportRow, parseCodeCsv, type RowError, toRowError } from '@qr/code-import';
import { type Actor, ApiError } from '@qr/domain';
import { type CreateQrCodesFlow } from '@qr/gateway';
import { type SessionPrincipal } from '@qr/identity';
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
 * No row holds back another: when the bulk validation refuses a batch, the rows it named get their
 * errors (line and column) and the batch is sent again without them; when the batch does not fit the
 * dynamic allowance, its rows are sent one by one, so static rows and existing codes still go through
 * and only the dynamic rows that do not fit are reported.
 */
export class ImportCodes {
  constructor(
    private readonly bus: CommandBus,
    private readonly create: CreateQrCodesFlow,
  ) {}

  async run(principal: SessionPrincipal, actor: Actor, csv: string, onProgress: (done: number, total: number) => void): Promise<ImportReport> {
    const folders = await folderIndex(this.bus, principal);
    const parsed = parseCodeCsv(csv, folders.idOf);
    if (!parsed.ok) return { object: 'import_report', rows: 0, created: 0, existing: 0, failed: 0, errors: parsed.errors };
    const unreadable = new Set(parsed.errors.map((e) => e.line)).size;
    const report: ImportReport = {
      object: 'import_report',
      rows: parsed.rows.length + unreadable,
      created: 0,
      existing: 0,
      failed: unreadable,
      errors: [...parsed.errors],
    };
    for (let start = 0; start < parsed.rows.length; start += BATCH) {
      await this.send(principal, actor, parsed.rows.slice(start, start + BATCH), report);
      onProgress(Math.min(start + BATCH, parsed.rows.length), parsed.rows.length);
    }
    report.errors.sort((a, b) => a.line - b.line);
    return report;
  }

  private async send(principal: SessionPrincipal, actor: Actor, rows: ImportRow[], report: ImportReport): Promise<void> {
    let pending = rows;
    while (pending.length) {
      try {
        const results = await this.create.execute(
          principal,
          pending.map((r) => r.item),
          true,
          actor,
        );
        report.created += results.filter((r) => r.result === 'created').length;
        report.existing += results.filter((r) => r.result === 'existing').length;
        return;
      } catch (err) {
        const refused = err instanceof ApiError ? err : null;
        if (refused?.code === 'dynamic_allowance_exceeded' && pending.length > 1) {
          for (const row of pending) await this.send(principal, actor, [row], report);
          return;
        }
        const named = refused?.status === 422 ? this.rowsNamed(refused, pending, report) : new Set<number>();
        if (named.size) {
          pending = pending.filter((_, i) => !named.has(i));
          continue;
        }
        this.fail(pending, report, refused);
        return;
      }
    }
  }

  /** The batch indexes a 422 points at (`/items/3/…`), their errors added to the report. */
  private rowsNamed(refused: ApiError, pending: ImportRow[], report: ImportReport): Set<number> {
    const named = new Set<number>();
    for (const e of refused.errors ?? []) {
      const index = Number(/^\/items\/(\d+)/.exec(e.pointer)?.[1]);
      if (!Number.isInteger(index) || !pending[index]) continue;
      named.add(index);
      report.errors.push(toRowError(e, pending[index], `/items/${index}`));
    }
    report.failed += named.size;
    return named;
  }

  private fail(rows: ImportRow[], report: ImportReport, refused: ApiError | null): void {
    report.failed += rows.length;
    // A failure part-way through the batch (500) may have created some of its rows: a second import finds them by client_ref.
    const reason =
      refused && refused.status < 500
        ? refused.detail
        : 'this batch failed on our side; some of its rows may be created already: import the file again to complete it';
    report.errors.push(...rows.map((r) => ({ line: r.line, column: null, code: refused?.code ?? 'internal_error', detail: reason })));
  }
}
