import { type QrScannedV1 } from '@qr/contracts';
import { type LinkRecord } from '../links/link-record';

/**
 * What recording a scan needs to know about its link: the fields its events carry, the revision the scan
 * was judged by, and that row's limit and count (the count a prediction may start from).
 */
export type ScanLink = Pick<LinkRecord, 'qr_id' | 'workspace_id' | 'client_ref' | 'short_code' | 'route_key' | 'revision' | 'scan_limit' | 'scan_count'>;

export type ScanFacts = Omit<QrScannedV1, 'qr_id' | 'client_ref' | 'short_code' | 'scan_number' | 'scanned_at'>;

/**
 * admitted: the scan is counted and its event committed. Otherwise nothing was recorded: `stale` when the
 * link changed after the row the scan was judged by (a newer revision, deleted, or gone), so the scan
 * must be judged again on the row as it is now; else the scan limit was reached first.
 */
export type ScanOutcome = { admitted: true; scanNumber: number } | { admitted: false; stale: boolean };

/** Counts a scan and commits its event before resolving (ScanRecorder); what the short-link route needs. */
export interface RecordsScans {
  record(link: ScanLink, facts: ScanFacts, at: Date): Promise<ScanOutcome>;
}
