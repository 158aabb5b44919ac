import { type EventEnvelope } from '@qr/contracts';
import { milestonesReached } from '@qr/visitor';
import { limitReached, milestoneReached, scanned } from './scan-events';
import { type ScanFacts, type ScanLink, type ScanOutcome } from './scan-link';

/** A scan waiting to be counted: the link row it was judged by, what the visitor was, and when. */
export interface ScanToCount {
  link: ScanLink;
  facts: ScanFacts;
  at: Date;
}

/**
 * One code's scans in a batch, those judged by its newest revision there: only they can still be current
 * (scans of one code judged by different rows happen around a refresh; the older ones are stale at once).
 */
export interface CodeScans {
  qrId: string;
  revision: number;
  /** The row the scans were judged by: what their events carry. */
  link: ScanLink;
  scans: ScanToCount[];
}

/** A code's count before and after the batch's scans, and the limit they were counted against. */
export interface Counted {
  before: number;
  after: number;
  limit: number | null;
}

const STALE: ScanOutcome = { admitted: false, stale: true };
const LIMIT_REACHED: ScanOutcome = { admitted: false, stale: false };

/** The batch's scans grouped by code, in the order each code first appears. */
export function byCode(batch: readonly ScanToCount[]): CodeScans[] {
  const codes = new Map<string, CodeScans>();
  for (const scan of batch) {
    const code = codes.get(scan.link.qr_id);
    if (!code) codes.set(scan.link.qr_id, { qrId: scan.link.qr_id, revision: scan.link.revision, link: scan.link, scans: [scan] });
    else if (scan.link.revision > code.revision) Object.assign(code, { revision: scan.link.revision, link: scan.link, scans: [scan] });
    else if (scan.link.revision === code.revision) code.scans.push(scan);
  }
  return [...codes.values()];
}

/** A code's `links` row as a counter reads it under its lock. */
export interface LockedLinkRow {
  qr_id: string;
  scan_count: number;
  scan_limit: number | null;
  revision: number;
  deleted_at: number | null;
}

/**
 * The code's count before and after its scans, from its row as locked; null when the row is not the one
 * they were judged by (gone, deleted, or a newer revision): those scans are stale.
 */
export function countedFrom(row: LockedLinkRow | undefined, code: CodeScans): Counted | null {
  if (!row || row.deleted_at !== null || Number(row.revision) > code.revision) return null;
  const before = Number(row.scan_count);
  const limit = row.scan_limit === null ? null : Number(row.scan_limit);
  return { before, after: countAfter(before, limit, code.scans.length), limit };
}

/** A code's count once `n` more scans ask to be counted: never past its limit, never down. */
function countAfter(before: number, limit: number | null, n: number): number {
  return limit === null ? before + n : Math.max(before, Math.min(limit, before + n));
}

/**
 * What counting a code's scans from `counted.before` to `counted.after` means: the first scans are
 * admitted with the next scan numbers, the rest refused by the limit; their `qr.scanned` events, the
 * `qr.scan_limit_reached` if this batch reached the limit, and each milestone passed.
 */
export function settle(code: CodeScans, counted: Counted, milestones: readonly number[], outcomes: Map<ScanToCount, ScanOutcome>): EventEnvelope[] {
  const events: EventEnvelope[] = [];
  code.scans.forEach((scan, k) => {
    const scanNumber = counted.before + k + 1;
    if (scanNumber > counted.after) return void outcomes.set(scan, LIMIT_REACHED);
    outcomes.set(scan, { admitted: true, scanNumber });
    events.push(scanned(code.link, scan.facts, scanNumber, scan.at));
  });
  const lastAt = code.scans[code.scans.length - 1].at;
  if (counted.limit !== null && counted.before < counted.limit && counted.after === counted.limit) events.push(limitReached(code.link, counted.limit, lastAt));
  for (const m of milestonesReached(counted.before, counted.after, milestones)) events.push(milestoneReached(code.link, m, lastAt));
  return events;
}

/** Each scan's outcome in batch order; a scan nothing was decided for is stale (its code changed or was never counted). */
export function outcomesInOrder(batch: readonly ScanToCount[], outcomes: ReadonlyMap<ScanToCount, ScanOutcome>): ScanOutcome[] {
  return batch.map((scan) => outcomes.get(scan) ?? STALE);
}
