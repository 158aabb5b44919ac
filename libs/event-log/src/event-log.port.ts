import type { EventEnvelope } from '@qr/contracts';

/**
 * One event, or several events of one topic and key, on their way into the log. `key` is the partition
 * key: order holds per key.
 */
export interface LogRecord {
  topic: string;
  key: string;
  /** The event; of several, the first (its id is the record's). */
  event: EventEnvelope;
  /** The event already serialised (the outbox relay has it as stored); saves a stringify per hop. */
  payload?: string;
  /**
   * How many events `payload` holds, one JSON text per line (default 1): a producer's transaction's
   * events of one code, as its outbox row holds them on PostgreSQL (packedOutboxRows). Kafka sends them as
   * one message; the embedded log stores one row per event.
   */
  events?: number;
}

export function payloadOf(record: LogRecord): string {
  return record.payload ?? JSON.stringify(record.event);
}

/** One event read back, with the transport's opaque position. */
export interface ConsumedRecord extends LogRecord {
  position: string;
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
 * The event log port. Transports: the embedded SQL log (an append-only table in all-in-one's own
 * database, SQLite or PostgreSQL) and Kafka (distributed mode). Producers write to their outbox in their
 * own transaction and a relay appends from there. Consumers must be idempotent on `event.id`: delivery
 * is at least once.
 */
export interface EventLog {
  readonly transport: 'sql-sqlite' | 'sql-postgres' | 'kafka';
  append(records: readonly LogRecord[]): Promise<void>;
  subscribe(options: SubscribeOptions): Subscription;
  /** Rewinds a group to the start of the log, so its projection can be rebuilt by replay (Kafka: with no member running). */
  resetGroup(group: string, topics: readonly string[]): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
