import { type EventEnvelope, type QrScanLimitReachedV1, type QrScanMilestoneReachedV1, type QrScannedV1 } from '@qr/contracts';
import { formatUtc, newId } from '@qr/domain';
import { type LinkRecord } from '../links/link-record';

function envelope<T extends string, D>(type: T, link: LinkRecord, at: Date, data: D): EventEnvelope<T, D> {
  return { id: newId('evt'), type, version: 1, occurred_at: formatUtc(at), workspace_id: link.workspace_id, qr_id: link.qr_id, data };
}

export function scanned(link: LinkRecord, data: Omit<QrScannedV1, 'qr_id' | 'client_ref' | 'short_code'>, at: Date): EventEnvelope<'qr.scanned', QrScannedV1> {
  return envelope('qr.scanned', link, at, { qr_id: link.qr_id, client_ref: link.client_ref, short_code: link.short_code, ...data });
}

export function limitReached(link: LinkRecord, limit: number, at: Date): EventEnvelope<'qr.scan_limit_reached', QrScanLimitReachedV1> {
  return envelope('qr.scan_limit_reached', link, at, { qr_id: link.qr_id, client_ref: link.client_ref, scan_limit: limit, reached_at: formatUtc(at) });
}

export function milestoneReached(link: LinkRecord, milestone: number, at: Date): EventEnvelope<'qr.scan_milestone_reached', QrScanMilestoneReachedV1> {
  return envelope('qr.scan_milestone_reached', link, at, { qr_id: link.qr_id, client_ref: link.client_ref, milestone, reached_at: formatUtc(at) });
}
