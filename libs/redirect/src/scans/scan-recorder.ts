import { errorText, type Log } from '@qr/domain';
import { Waker } from '@qr/event-log';
import { type Database } from '@qr/persistence';
import { type ScanToCount } from './scan-batch';
import { type OnCounted, ScanCounter, type ScanOutbox } from './scan-counter';
import { type RecordsScans, type ScanFacts, type ScanLink, type ScanOutcome } from './scan-link';

interface PendingScan extends ScanToCount {
  resolve: (outcome: ScanOutcome) => void;
  reject: (err: unknown) => void;
}

const MAX_BATCH = 1000;

/** A batch this big means load: the next one gathers the scans just answered (see drain). */
const LOAD_BATCH = 16;

/** The longest a batch under load waits for the scans just answered to come back. */
const GATHER_MS = 2;

export interface ScanRecorderOptions {
  /** Told each code's count as committed (the link cache keeps it). */
  onCounted?: OnCounted;
}

/**
 * Group commit for scans. Scans arriving while a batch is being counted wait for the next one, so
 * under load one commit carries hundreds of scans, and an idle server commits each scan at once.
 * A batch is counted by a ScanCounter (scan-counter.ts): in each transaction a code's count moves once,
 * by as many scans as its limit still allows, so with limit N exactly N scans are ever admitted,
 * whatever the concurrency and however many processes; their events are committed with the count,
 * before any 302.
 *
 * A scan is counted only if its code's row, locked, is still the revision the scan was judged by
 * (ScanLink.revision): a redirect replica judges scans by its cached row without asking anyone
 * whether it is current, and this check, in the transaction that must run anyway, is what keeps a
 * change's very next scan from being answered by the row before it (a stale scan is judged again;
 * docs/design/read-your-writes.md).
 *
 * One batch at a time: with three in flight on PostgreSQL (measured, docs/benchmarks.md) the 50
 * connections' scans were split into smaller batches, each costing the replica and PostgreSQL more CPU
 * per scan, and a replica did 30 % fewer redirects.
 *
 * Under load the next batch gathers for up to 2 ms: until the queue holds as many scans as the batch
 * just answered (those clients come back with their next scans) on top of those that arrived while it
 * committed. Without it a replica's 50 busy connections split into two halves taking turns, each
 * transaction carrying 25 scans for the cost of 50: a transaction's time hardly depends on its size.
 * Scans from many one-off visitors do not come back, so there a loaded batch waits the full 2 ms: up to
 * 2 ms more per scan, for fewer and larger commits. An idle server never waits (a batch under 16 scans
 * is not load, nor is one that ended more than 2 ms ago).
 */
export class ScanRecorder implements RecordsScans {
  private queue: PendingScan[] = [];
  private flushing: Promise<void> | null = null;
  /**
   * After a batch under load: how many scans the next batch should hold (those queued during its commit,
   * plus the clients it answered, who come back), and until when it may wait for them.
   */
  private next = { expected: 0, until: 0 };
  /** A batch is gathering: the queue reaching `next.expected` ends its wait. */
  private gathering = false;
  private readonly gathered = new Waker();
  private readonly counter: ScanCounter;

  constructor(
    db: Database,
    outbox: ScanOutbox,
    private readonly log: Log,
    options: ScanRecorderOptions = {},
  ) {
    this.counter = new ScanCounter(db, outbox, options.onCounted);
  }

  record(link: ScanLink, facts: ScanFacts, at: Date): Promise<ScanOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ link, facts, at, resolve, reject });
      if (this.gathering && this.queue.length >= this.next.expected) {
        this.gathering = false;
        this.gathered.wake();
      }
      if (!this.flushing) this.flushing = this.drain();
    });
  }

  private async drain(): Promise<void> {
    await new Promise((r) => setImmediate(r));
    while (this.queue.length) {
      await this.gather();
      const batch = this.queue.splice(0, MAX_BATCH);
      try {
        const outcomes = await this.counter.count(batch);
        this.expectBack(batch);
        batch.forEach((scan, i) => scan.resolve(outcomes[i]));
      } catch (err) {
        this.log.event('error', 'scan batch failed to commit', { scans: batch.length, error: errorText(err) });
        for (const scan of batch) scan.reject(err);
      }
    }
    this.flushing = null;
  }

  /**
   * Called as a batch is about to be answered: the scans queued meanwhile, plus its own callers, who come
   * back with their next scans (before any of them is answered: a caller that scans again at once would
   * otherwise be counted twice).
   */
  private expectBack(batch: readonly PendingScan[]): void {
    this.next =
      batch.length >= LOAD_BATCH
        ? { expected: Math.min(MAX_BATCH, this.queue.length + batch.length), until: performance.now() + GATHER_MS }
        : { expected: 0, until: 0 };
  }

  /** Waits, after a batch under load, until the scans expected next are queued or its time is up. */
  private async gather(): Promise<void> {
    const left = this.next.until - performance.now();
    if (this.queue.length >= this.next.expected || left <= 0) return;
    this.gathering = true;
    await this.gathered.wait(left);
    this.gathering = false;
  }
}
