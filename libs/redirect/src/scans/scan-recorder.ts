import { type EventEnvelope } from '@qr/contracts';
import { errorText, type Log } from '@qr/domain';
import { type OutboxWriter } from '@qr/event-log';
import { type Database, type Tx } from '@qr/persistence';
import { DEFAULT_MILESTONES, milestonesReached } from '@qr/visitor';
import { limitReached, milestoneReached, scanned } from './scan-events';
import { type RecordsScans, type ScanFacts, type ScanLink, type ScanOutcome } from './scan-link';

interface PendingScan {
  link: ScanLink;
  facts: ScanFacts;
  at: Date;
  resolve: (outcome: ScanOutcome) => void;
  reject: (err: unknown) => void;
}

const MAX_BATCH = 1000;

/**
 * Group commit for scans. Scans arriving while a transaction is in flight wait for the next one, so
 * under load one commit carries hundreds of scans, and an idle server commits each scan at once.
 * In each transaction a code's count moves once, by as many scans as its limit still allows (a row
 * lock on PostgreSQL, the single writer on SQLite): with limit N, exactly N scans are ever admitted,
 * whatever the concurrency and however many processes. Their `qr.scanned` events, the one
 * `qr.scan_limit_reached` and any milestones are written in the same transaction, before any 302.
 */
export class ScanRecorder implements RecordsScans {
  private queue: PendingScan[] = [];
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly outbox: Pick<OutboxWriter, 'add'>,
    private readonly log: Log,
    private readonly milestones: readonly number[] = DEFAULT_MILESTONES,
    private readonly onCommitted: (link: ScanLink, count: number) => void = () => undefined,
  ) {}

  record(link: ScanLink, facts: ScanFacts, at: Date): Promise<ScanOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ link, facts, at, resolve, reject });
      if (!this.flushing) this.flushing = this.drain();
    });
  }

  /** Waits for every accepted scan to be committed (graceful shutdown). */
  async drained(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async drain(): Promise<void> {
    await new Promise((r) => setImmediate(r));
    while (this.queue.length) {
      const batch = this.queue.splice(0, MAX_BATCH);
      try {
        const outcomes = await this.db.transaction((tx) => this.commitBatch(tx, batch));
        batch.forEach((scan, i) => scan.resolve(outcomes[i]));
      } catch (err) {
        this.log.event('error', 'scan batch failed to commit', { scans: batch.length, error: errorText(err) });
        for (const scan of batch) scan.reject(err);
      }
    }
    this.flushing = null;
  }

  private async commitBatch(tx: Tx, batch: readonly PendingScan[]): Promise<ScanOutcome[]> {
    const outcomes: ScanOutcome[] = new Array(batch.length);
    const events: EventEnvelope[] = [];
    for (const [qrId, indexes] of groupBy(batch, (s) => s.link.qr_id)) {
      const link = batch[indexes[0]].link;
      const counted = await this.count(tx, qrId, indexes.length);
      if (!counted) {
        indexes.forEach((i) => (outcomes[i] = { admitted: false }));
        continue;
      }
      indexes.forEach((batchIndex, k) => {
        const scan = batch[batchIndex];
        if (counted.before + k >= counted.after) return void (outcomes[batchIndex] = { admitted: false });
        const scanNumber = counted.before + k + 1;
        outcomes[batchIndex] = { admitted: true, scanNumber };
        events.push(scanned(link, scan.facts, scanNumber, scan.at));
      });
      const lastAt = batch[indexes[indexes.length - 1]].at;
      if (counted.limit !== null && counted.before < counted.limit && counted.after === counted.limit) events.push(limitReached(link, counted.limit, lastAt));
      for (const m of milestonesReached(counted.before, counted.after, this.milestones)) events.push(milestoneReached(link, m, lastAt));
      tx.afterCommit(() => this.onCommitted(link, counted.after));
    }
    await this.outbox.add(tx, events);
    return outcomes;
  }

  /** Adds up to `wanted` scans to a code's count, never past its limit; null when the code is gone. */
  private async count(tx: Tx, qrId: string, wanted: number): Promise<{ before: number; after: number; limit: number | null } | null> {
    const lock = tx.dialect === 'postgres' ? ' FOR UPDATE' : '';
    const { rows } = await tx.query<{ scan_count: number; scan_limit: number | null }>(`SELECT scan_count, scan_limit FROM links WHERE qr_id = $1${lock}`, [qrId]);
    if (!rows[0]) return null;
    const before = Number(rows[0].scan_count);
    const limit = rows[0].scan_limit === null ? null : Number(rows[0].scan_limit);
    const after = limit === null ? before + wanted : Math.max(before, Math.min(limit, before + wanted));
    if (after !== before) await tx.query('UPDATE links SET scan_count = $1 WHERE qr_id = $2', [after, qrId]);
    return { before, after, limit };
  }
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  items.forEach((item, i) => {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(i);
    else groups.set(k, [i]);
  });
  return groups;
}
