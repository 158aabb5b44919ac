import { formatUtc } from '@qr/domain';
import { type AuditEntryView } from '@qr/api-contract';
import { type AuditRecord } from './audit-log.repository';

export function auditEntryView(r: AuditRecord): AuditEntryView {
  return {
    id: r.id,
    occurred_at: formatUtc(new Date(Number(r.occurred_at))),
    action: r.action,
    target: { type: r.target_type, id: r.target_id, name: r.target_name },
    actor: { kind: r.actor_kind, id: r.actor_id, name: r.actor_name, via: r.via, request_id: r.request_id },
    details: r.details ? (JSON.parse(r.details) as Record<string, unknown>) : null,
  };
}

/** The CSV export's columns, the stored entry's own but its id: one row per entry, newest first like the page. */
export const AUDIT_CSV_COLUMNS = [
  'occurred_at',
  'action',
  'target_type',
  'target_id',
  'target_name',
  'actor_kind',
  'actor_id',
  'actor_name',
  'via',
  'request_id',
  'details',
] as const;

export function auditCsvRow(r: AuditRecord): string[] {
  return AUDIT_CSV_COLUMNS.map((c) => (c === 'occurred_at' ? formatUtc(new Date(Number(r.occurred_at))) : String(r[c] ?? '')));
}
