import { type EventEnvelope, type QrCodeCreatedV1, type QrCodeDeletedV1, type QrCodeUpdatedV1 } from '@qr/contracts';
import { formatUtc, newId } from '@qr/domain';
import { type QrCodeRecord } from './qr-code-record';

/**
 * What consumers (redirect routing, analytics) may know of a code: everything but the preview
 * token, plus the hostname of its custom domain (redirect-service routes by Host). The password's
 * scrypt hash goes along: redirect-service checks a scan's password against it in its own store.
 * These are internal events (never webhooks), and only the slow hash travels, never the password.
 */
export function codeSnapshot(record: QrCodeRecord, domainHost: string | null): Record<string, unknown> {
  const { preview_token: _secret, ...rest } = record;
  return { ...rest, domain_host: domainHost };
}

function envelope<T extends string, D>(type: T, record: QrCodeRecord, now: Date, data: D): EventEnvelope<T, D> {
  return { id: newId('evt'), type, version: 1, occurred_at: formatUtc(now), workspace_id: record.workspace_id, qr_id: record.id, data };
}

export function codeCreated(record: QrCodeRecord, domainHost: string | null, now: Date): EventEnvelope<'qr.code.created', QrCodeCreatedV1> {
  return envelope('qr.code.created', record, now, {
    qr_id: record.id,
    category: record.category,
    type: record.type,
    short_code: record.short_code,
    client_ref: record.client_ref,
    snapshot: codeSnapshot(record, domainHost),
  });
}

export function codeUpdated(record: QrCodeRecord, domainHost: string | null, changed: string[], now: Date): EventEnvelope<'qr.code.updated', QrCodeUpdatedV1> {
  return envelope('qr.code.updated', record, now, { qr_id: record.id, changed, snapshot: codeSnapshot(record, domainHost) });
}

export function codeDeleted(record: QrCodeRecord, now: Date): EventEnvelope<'qr.code.deleted', QrCodeDeletedV1> {
  return envelope('qr.code.deleted', record, now, { qr_id: record.id, category: record.category, short_code: record.short_code });
}
