import { HistoryQuery, intOr, readQueryDeclared } from '@qr/api-contract';
import { Errors, formatUtc } from '@qr/domain';
import { page } from '../codes/list-query';
import { type CodeHistoryRecord, type CodeHistoryRepository } from './code-history.repository';
import { type FieldChange } from './code-changes';

/** One entry of `GET /qrcodes/{id}/history`. */
export function historyEntryView(r: CodeHistoryRecord) {
  return {
    id: r.id,
    object: 'qr_code_change' as const,
    qr_code_id: r.qr_id,
    revision: r.revision,
    action: r.action,
    occurred_at: formatUtc(new Date(r.occurred_at)),
    changes: JSON.parse(r.changes) as FieldChange[],
    actor: { kind: r.actor_kind, id: r.actor_id, name: r.actor_name },
    via: r.via,
    request_id: r.request_id,
    event_id: r.event_id,
  };
}

/**
 * A page of a code's history, newest first. The cursor is the revision to continue below. A code
 * with no history in the workspace is a 404, deleted or not, so another workspace learns nothing.
 */
export async function codeHistoryPage(history: CodeHistoryRepository, workspaceId: string, id: string, query: Record<string, unknown>) {
  const read = readQueryDeclared(HistoryQuery, query);
  const q = { limit: intOr(read.limit, 20), before: intOr(read.cursor, null) };
  const rows = typeof id === 'string' ? await history.list(workspaceId, id, q.before, q.limit + 1) : [];
  if (!rows.length && q.before === null) throw Errors.notFound('QR code');
  return page(rows, q.limit, historyEntryView, (r) => String(r.revision));
}
