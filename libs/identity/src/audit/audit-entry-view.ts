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

/** The CSV export's columns: one row per entry, newest first like the page. */
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
];

export function auditCsvRow(e: AuditEntryView): string[] {
  return [
    e.occurred_at,
    e.action,
    e.target.type,
    e.target.id,
    e.target.name ?? '',
    e.actor.kind,
    e.actor.id ?? '',
    e.actor.name ?? '',
    e.actor.via,
    e.actor.request_id ?? '',
    e.details ? JSON.stringify(e.details) : '',
  ];
}
