import { type EventEnvelope, type QrScanLimitReachedV1, type QrScanMilestoneReachedV1, type QrScannedV1 } from '@qr/contracts';
import { formatUtc, newId } from '@qr/domain';
import { type ScanFacts, type ScanLink } from './scan-link';

/** An event of the redirect's about `link`, that happened `at`. */
export function envelope<T extends string, D>(
  type: T,
  link: Pick<ScanLink, 'qr_id' | 'workspace_id'>,
  at: Date,
  data: D,
  occurredAt = formatUtc(at),
): EventEnvelope<T, D> {
  return { id: newId('evt', () => at), type, version: 1, occurred_at: occurredAt, workspace_id: link.workspace_id, qr_id: link.qr_id, data };
}

/** A scan's event; its `scanned_at` is its `occurred_at`, formatted once (this runs for every scan). */
export function scanned(link: ScanLink, facts: ScanFacts, scanNumber: number, at: Date): EventEnvelope<'qr.scanned', QrScannedV1> {
  const scannedAt = formatUtc(at);
  const data: QrScannedV1 = {
    qr_id: link.qr_id,
    client_ref: link.client_ref,
    short_code: link.short_code,
    country: facts.country,
    device: facts.device,
    os: facts.os,
    browser: facts.browser,
    is_bot: facts.is_bot,
    visitor_hash: facts.visitor_hash,
    scanned_at: scannedAt,
    scan_number: scanNumber,
    destination: facts.destination ?? null,
  };
  if (facts.link_type !== undefined) data.link_type = facts.link_type;
  return envelope('qr.scanned', link, at, data, scannedAt);
}

export function limitReached(link: ScanLink, limit: number, at: Date): EventEnvelope<'qr.scan_limit_reached', QrScanLimitReachedV1> {
  return envelope('qr.scan_limit_reached', link, at, { qr_id: link.qr_id, client_ref: link.client_ref, scan_limit: limit, reached_at: formatUtc(at) });
}

export function milestoneReached(link: ScanLink, milestone: number, at: Date): EventEnvelope<'qr.scan_milestone_reached', QrScanMilestoneReachedV1> {
  return envelope('qr.scan_milestone_reached', link, at, { qr_id: link.qr_id, client_ref: link.client_ref, milestone, reached_at: formatUtc(at) });
}
