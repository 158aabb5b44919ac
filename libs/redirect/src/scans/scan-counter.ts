import { type EventEnvelope } from '@qr/contracts';
import { type OutboxWriter } from '@qr/event-log';
import { type Database } from '@qr/persistence';
import { DEFAULT_MILESTONES } from '@qr/visitor';
import { byCode, countedFrom, type LockedLinkRow, outcomesInOrder, type ScanToCount, settle } from './scan-batch';
import { type ScanLink, type ScanOutcome } from './scan-link';

/** Where the counter's events go: the store's outbox. */
export type ScanOutbox = Pick<OutboxWriter, 'add'>;

/** What the counter is told after each commit: a code's count as committed (the link cache keeps it). */
export type OnCounted = (link: ScanLink, count: number) => void;

/**
 * Counts one batch of scans in the redirect store: one transaction that reads and locks each code's
 * row, decides from the row as it is, moves the count by as many of its scans as its limit still
 * allows, and writes their events to the outbox.
 *
 * On PostgreSQL the rows are locked in qr_id order, so two replicas' batches never deadlock, and a
 * change to a row (a PATCH, a delete, another replica's batch) waits for the commit: the row read is the
 * row the count moves from, which is what makes a limit of N admit exactly N scans across replicas. On
 * SQLite the single writer holds the whole database for the transaction.
 *
 * A scan counts only while its code's row is still the revision it was judged by (ScanLink.revision):
 * a newer revision, a deleted row or no row make it stale, to be judged again on the row as it is now.
 */
export class ScanCounter {
  constructor(
    private readonly db: Database,
    private readonly outbox: ScanOutbox,
    private readonly onCounted: OnCounted = () => undefined,
  ) {}

  /** Each scan's outcome, in batch order, once the batch is committed. */
  async count(batch: readonly ScanToCount[]): Promise<ScanOutcome[]> {
    const outcomes = new Map<ScanToCount, ScanOutcome>();
    const codes = byCode(batch).sort((a, b) => (a.qrId < b.qrId ? -1 : a.qrId > b.qrId ? 1 : 0));
    await this.db.transaction(async (tx) => {
      // All the reads are sent before any answer is awaited (on PostgreSQL one round trip, with BEGIN);
      // they run, and lock, in the order sent.
      const forUpdate = tx.dialect === 'postgres' ? ' FOR UPDATE' : '';
      const locked = await Promise.all(
        codes.map((code) =>
          tx.query<LockedLinkRow>(`SELECT qr_id, scan_count, scan_limit, revision, deleted_at FROM links WHERE qr_id = $1${forUpdate}`, [code.qrId]),
        ),
      );
      const events: EventEnvelope[] = [];
      codes.forEach((code, i) => {
        const counted = countedFrom(locked[i].rows[0], code);
        if (!counted) return;
        if (counted.after !== counted.before) tx.send('UPDATE links SET scan_count = $1 WHERE qr_id = $2', [counted.after, code.qrId]);
        events.push(...settle(code, counted, DEFAULT_MILESTONES, outcomes));
        tx.afterCommit(() => this.onCounted(code.link, counted.after));
      });
      // The counts' writes and the events' go with the COMMIT (Tx.send).
      await this.outbox.add(tx, events);
    });
    return outcomesInOrder(batch, outcomes);
  }
}
