import type { EventEnvelope } from '@qr/contracts';
import type { Database, Tx } from '@qr/persistence';

/** One event on its way into the log. `key` is the partition key: order holds per key. */
export interface LogRecord {
  topic: string;
  key: string;
  event: EventEnvelope;
  /** The event already serialised (the outbox relay has it as stored); saves a stringify per hop. */
  payload?: string;
}

/** One event read back, with the transport's opaque position. */
export interface ConsumedRecord extends LogRecord {
  position: string;
}

/** Adds records to the log as part of a producer's transaction: they are in the log exactly when it commits. */
export type InTransactionAppender = (tx: Tx, records: readonly LogRecord[]) => void;

/**
 * Appends a producer's records from inside one statement of the producer's own (PostgreSQL, the log in
 * the producer's database): a data-modifying `WITH` part that inserts the records whose partition key
 * the statement allows, so that a producer that decides in SQL what holds can append in the same round
 * trip as it decides (the scan recorder: docs/architecture.md, "Scans").
 */
export interface StatementAppender {
  /**
   * An `INSERT …` for a `WITH name AS (…)` part: it appends the records given to `prepare`, those whose
   * key is among the rows of `allowedKeys` (a sub-select of the statement), with the log's lock; its
   * parameters are `$first` and on, as many as `prepare` gives (put them last). The statement must take
   * every other lock it takes before this part runs (the log's lock comes last for every appender: no
   * deadlock).
   */
  insertSql(first: number, allowedKeys: string): string;
  /** The parameters of `insertSql` for `records`, and what to call once the statement has committed. */
  prepare(records: readonly LogRecord[]): { params: unknown[]; committed(): void };
}

/** Handles a batch; if it throws, the same batch comes again (at-least-once). */
export type BatchHandler = (records: readonly ConsumedRecord[]) => Promise<void>;

export interface SubscribeOptions {
  /** Consumer group: each group has its own committed offsets. */
  group: string;
  topics: readonly string[];
  handler: BatchHandler;
  batchSize?: number;
}

export interface Subscription {
  readonly group: string;
  /** Finishes the batch in hand, commits it, then stops. */
  stop(): Promise<void>;
  /** Events appended to the subscribed topics and not yet committed by this group. */
  lag(): Promise<number>;
  /** The partitions this member holds now, and how many records it has handled and committed since it started. */
  assignment(): { partitions: number[]; handled: number };
}

/**
 * The event log port. Transports: SQL (an append-only table, SQLite in-process or PostgreSQL
 * across processes) and Kafka. Consumers must be idempotent on `event.id`: delivery is at least once.
 */
export interface EventLog {
  readonly transport: 'sql-sqlite' | 'sql-postgres' | 'kafka';
  append(records: readonly LogRecord[]): Promise<void>;
  /** When the log can take a producer's events inside the producer's own transactions (SqlEventLog), the means to; else null. */
  appenderWithin?(producer: Database): InTransactionAppender | null;
  /** When the log can take a producer's events inside one of the producer's statements (SqlEventLog on PostgreSQL), the means to; else null. */
  statementAppenderWithin?(producer: Database): StatementAppender | null;
  subscribe(options: SubscribeOptions): Subscription;
  /** Rewinds a group to the start of the log, so its projection can be rebuilt by replay. */
  resetGroup(group: string, topics: readonly string[]): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
