import { type OutboxWriter, type StatementAppender } from '@qr/event-log';
import { type ScanToCount } from './scan-batch';
import { type ScanLink, type ScanOutcome } from './scan-link';

/**
 * Counts one batch of scans in the redirect store: each code's count moves by as many of its scans as
 * its limit still allows, only while its row is the revision they were judged by, and their events go to
 * the outbox in the same transaction. Two implementations give the same answers
 * (scan-counters.differential.int-spec.ts): LockedScanCounter, the reference, and PredictedScanCounter,
 * PostgreSQL's one-statement path.
 */
export interface ScanCounter {
  /** Each scan's outcome, in batch order, once the batch is committed. */
  count(batch: readonly ScanToCount[]): Promise<ScanOutcome[]>;
  /** For /metrics: commits by one statement and by a transaction, and codes whose count was mispredicted. */
  readonly tally: ScanCounterTally;
}

export interface ScanCounterTally {
  statement: number;
  transaction: number;
  mispredicted: number;
}

/** Where the counters' events go: the store's outbox, and where the log can take them inside a statement, that (Outbox.statementAppender). */
export type ScanOutbox = Pick<OutboxWriter, 'add'> & { readonly statementAppender?: StatementAppender | null };

/** What a counter is told after each commit: a code's count as committed (the link cache keeps it). */
export type OnCounted = (link: ScanLink, count: number) => void;

/**
 * `predicted`: one statement from predicted counts where the store can take it (PostgreSQL with the
 * outbox's statement appender), the locked transaction elsewhere; `locked`: always the reference.
 */
export type ScanCounting = 'predicted' | 'locked';

/**
 * A batch that failed after part of it committed (PredictedScanCounter: the statement committed, the
 * recount of its mispredicted codes failed): the committed scans' outcomes, which must still be answered,
 * since they were counted.
 */
export class PartlyCounted extends Error {
  constructor(
    readonly outcomes: ReadonlyMap<ScanToCount, ScanOutcome>,
    override readonly cause: unknown,
  ) {
    super(`scan batch partly counted: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}
