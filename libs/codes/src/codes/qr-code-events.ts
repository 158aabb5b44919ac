import { type EventEnvelope, type QrCodeCreatedV1, type QrCodeDeletedV1, type QrCodeUpdatedV1 } from '@qr/contracts';
import { formatUtc, newId } from '@qr/domain';
import { type QrCodeRecord } from './qr-code-record';

/** What consumers (redirect routing, analytics) may know of a code: everything but the preview token. */
function snapshot(record: QrCodeRecord): Record<string, unknown> {
  const { preview_token: _secret, ...rest } = record;
  return rest;
}

function envelope<T extends string, D>(type: T, record: QrCodeRecord, now: Date, data: D): EventEnvelope<T, D> {
  return { id: newId('evt'), type, version: 1, occurred_at: formatUtc(now), workspace_id: record.workspace_id, qr_id: record.id, data };
}

export function codeCreated(record: QrCodeRecord, now: Date): EventEnvelope<'qr.code.created', QrCodeCreatedV1> {
  return envelope('qr.code.created', record, now, {
    qr_id: record.id,
    category: record.category,
    type: record.type,
    short_code: record.short_code,
    client_ref: record.client_ref,
    snapshot: snapshot(record),
  });
}

export function codeUpdated(record: QrCodeRecord, changed: string[], now: Date): EventEnvelope<'qr.code.updated', QrCodeUpdatedV1> {
  return envelope('qr.code.updated', record, now, { qr_id: record.id, changed, snapshot: snapshot(record) });
}

export function codeDeleted(record: QrCodeRecord, now: Date): EventEnvelope<'qr.code.deleted', QrCodeDeletedV1> {
  return envelope('qr.code.deleted', record, now, { qr_id: record.id, category: record.category, short_code: record.short_code });
}
