import { randomUUID } from 'node:crypto';
import { type Clock, type Log, systemClock } from '@qr/domain';
import { partitionOf } from '@qr/log-partitions';
import { type Database, type Tx } from '@qr/persistence';
import type { EventLog, InTransactionAppender, LogRecord, StatementAppender, SubscribeOptions, Subscription } from '../event-log.port';
import { SqlConsumer } from './sql-consumer';
import { AppendPacer } from './append-pacer';
import { DecodedRowCache } from './decoded-row-cache';
import { type StoredRow } from './decode-rows';
import { packRecords, payloadOf, type RowToAppend } from './packed-rows';
import { statementAppender } from './statement-append';
import { type WakeupChannel } from './wakeup-channel';

export interface SqlEventLogOptions {
  /** The log's partition count, as stored in it (see fixPartitionCount). */
  partitions: number;
  /** Idle poll interval: the safety net under wake-ups. */
  pollMs?: number;
  /** How long a consumer waits before reading again when `lingers` says so (default 10 ms). */
  lingerMs?: number;
  /** How long a consumer's claim on its group lasts without renewal. */
  leaseMs?: number;
  clock?: Clock;
  log: Log;
  /** Told the age of the oldest record in each batch a consumer reads. */
  onBacklog?: (ageMs: number) => void;
  /** The longest an append waits for this instance's consumers on SQLite (default 1 s; see AppendPacer). */
  appendWaitMs?: number;
  /** Whether producers' transactions pack their records into rows (packedRowsAllowed, packRecords). */
  packRows?: boolean;
}

const APPEND_CHUNK = 200;

/** Positions the decoded-row cache holds. */
const CACHE_POSITIONS = 8192;

/** The server and database of a PostgreSQL store, without its schema. */
function databaseOf(db: Database): string {
  return db.location.slice(0, db.location.lastIndexOf('#'));
}

/** The channel a log's appends are announced on, and the name of its appends' advisory lock. */
export function logChannel(db: Database): string {
  return `event_log_${db.schema ?? 'local'}`;
}

/** One row's placeholders from `$offset + 1`; typed on PostgreSQL, where the rows are a sub-select's VALUES. */
function rowPlaceholders(offset: number, postgres: boolean): string {
  const types = postgres ? ['', '', '::int', '', '', '::bigint', '::int'] : ['', '', '', '', '', '', ''];
  return `(${types.map((type, k) => `$${offset + k + 1}${type}`).join(', ')})`;
}

/** Records as rows of one event each. */
function unpacked(records: readonly LogRecord[]): RowToAppend[] {
  return records.map((r) => ({ ...r, events: 1 }));
}

/** The distinct topics of an append, for its wake-up. */
function topicsOf(records: readonly LogRecord[]): string[] {
  return [...new Set(records.map((r) => r.topic))];
}

/**
 * The event log as an append-only table. Positions are assigned and committed in order: on
 * PostgreSQL, appends take a transaction-scoped advisory lock, so a reader never sees position
 * N+1 before N has committed (which would let a consumer skip N for good).
 */
export class SqlEventLog implements EventLog {
  readonly transport: EventLog['transport'];
  private readonly consumers = new Set<SqlConsumer>();
  readonly instanceId = randomUUID();
  /** Rows decoded for one consumer group are decoded for all: parse and schema check once per event. */
  private readonly decoded: DecodedRowCache;
  /** Appends wait for this instance's consumers to read what is in the cache (see AppendPacer). */
  private readonly pacer: AppendPacer;
  private subscriptions = 0;
  /** Topics some consumer of this instance reads: appends of these are decoded into the cache. */
  private readonly subscribedTopics = new Set<string>();

  constructor(
    readonly db: Database,
    private readonly wakeups: WakeupChannel,
    private readonly options: SqlEventLogOptions,
  ) {
    this.transport = db.dialect === 'postgres' ? 'sql-postgres' : 'sql-sqlite';
    this.decoded = new DecodedRowCache(CACHE_POSITIONS, options.log);
    // Half the cache: a consumer at the edge still finds its next batch of 500 there, with room for
    // one append let through late before it is dropped.
    this.pacer = new AppendPacer({ window: CACHE_POSITIONS / 2, followWithin: CACHE_POSITIONS - 1024, maxWaitMs: options.appendWaitMs ?? 1000 });
  }

  /** Schema-qualified on PostgreSQL: producers' transactions append to it from their own schema. */
  private get table(): string {
    return this.db.schema ? `${this.db.schema}.event_log` : 'event_log';
  }

  get notifyChannel(): string {
    return logChannel(this.db);
  }

  async append(records: readonly LogRecord[]): Promise<void> {
    if (records.length === 0) return;
    const now = (this.options.clock ?? systemClock)().getTime();
    // With consumers here, every appended position is remembered (decoded if a consumer reads its topic):
    // they then take their ranges from the cache while this instance appended all of them.
    const prime = this.db.dialect === 'sqlite' && this.subscribedTopics.size > 0;
    if (prime) await this.pacer.room(records.length);
    try {
      await this.appendInTransaction(records, now, prime);
    } finally {
      if (prime) this.pacer.release(records.length);
    }
  }

  private async appendInTransaction(records: readonly LogRecord[], now: number, prime: boolean): Promise<void> {
    await this.db.transaction(async (tx) => {
      const appended = await this.insert(tx, unpacked(records), now, prime);
      tx.afterCommit(() => {
        // This thread's consumers will read these rows next: decode them now, while their payloads are at hand.
        if (appended.length) {
          this.decoded.remember(appended, (topic) => this.subscribedTopics.has(topic));
          this.pacer.appended(appended[appended.length - 1].position);
        }
        this.wakeups.notifyAppended(topicsOf(records));
      });
    });
  }

  /**
   * An appender that writes into a producer's own transaction, or null when that cannot be done: only
   * on PostgreSQL, when the producer's schema is in the log's database. Its events then go into the
   * log at the producer's commit, with no outbox row and no relay (the outbox's relay moves each event
   * three times more: a read, an insert, a delete). The append runs as the transaction's last
   * statements (Tx.beforeCommit gathers the events, Tx.atCommit sends the insert with the COMMIT): it
   * takes the log's lock, which every appender waits for, and must hold it only for the insert and the
   * commit. A producer's other locks are all taken by then, so
   * no append ever waits for one while holding the log's.
   */
  appenderWithin(producer: Database): InTransactionAppender | null {
    if (!this.sharesDatabaseWith(producer)) return null;
    const pending = new WeakMap<Tx, LogRecord[]>();
    return (tx, records) => {
      if (records.length === 0) return;
      const queued = pending.get(tx);
      if (queued) return void queued.push(...records);
      const batch = [...records];
      pending.set(tx, batch);
      tx.beforeCommit(async () => {
        // Events added after this point (by a later closing hook) start a batch of their own.
        pending.delete(tx);
        await this.insert(tx, this.options.packRows ? packRecords(batch) : unpacked(batch), (this.options.clock ?? systemClock)().getTime(), false);
        tx.afterCommit(() => this.wakeups.notifyAppended(topicsOf(batch)));
      });
    };
  }

  /**
   * An appender for one statement of a producer's own, on the same terms as `appenderWithin`: the
   * producer decides in that statement which of its records go in (StatementAppender), and appends
   * them in the same round trip.
   */
  statementAppenderWithin(producer: Database): StatementAppender | null {
    if (!this.sharesDatabaseWith(producer)) return null;
    return statementAppender({
      table: this.table,
      lockName: this.notifyChannel,
      partitions: this.options.partitions,
      rows: (records) => (this.options.packRows ? packRecords(records) : unpacked(records)),
      now: () => (this.options.clock ?? systemClock)().getTime(),
      committed: (records) => this.wakeups.notifyAppended(topicsOf(records)),
    });
  }

  /** Whether a producer's transactions can append to this log: PostgreSQL, the producer's schema in the log's database. */
  private sharesDatabaseWith(producer: Database): boolean {
    return this.db.dialect === 'postgres' && producer.dialect === 'postgres' && databaseOf(producer) === databaseOf(this.db);
  }

  /**
   * Inserts `records` in `tx` in order; with `returning`, gives back the rows added (a duplicate event
   * id is skipped). Without it the inserts are the transaction's last statements (Tx.atCommit), sent
   * to PostgreSQL with its COMMIT. On PostgreSQL the log's lock is taken by the first insert itself,
   * before its rows get their positions (a one-time filter runs before the rows are read), and held to
   * the commit, so positions commit in order without a lock statement of its own. Consumers are woken
   * after the commit (WakeupChannel.notifyAppended).
   */
  private async insert(tx: Tx, records: readonly RowToAppend[], now: number, returning: boolean): Promise<Array<StoredRow & { appended_at: number }>> {
    const postgres = tx.dialect === 'postgres';
    const appended: Array<StoredRow & { appended_at: number }> = [];
    for (let i = 0; i < records.length; i += APPEND_CHUNK) {
      const chunk = records.slice(i, i + APPEND_CHUNK);
      const payloads = chunk.map(payloadOf);
      const partitions = chunk.map((r) => partitionOf(r.key, this.options.partitions));
      const params: unknown[] = chunk.flatMap((r, j) => [r.topic, r.key, partitions[j], r.event.id, payloads[j], now, r.events]);
      const values = chunk.map((_, j) => rowPlaceholders(j * 7, postgres)).join(', ');
      let sql = `INSERT INTO ${this.table} (topic, partition_key, partition_no, event_id, payload, appended_at, event_count) `;
      if (postgres && i === 0) {
        params.push(this.notifyChannel);
        sql += `SELECT * FROM (VALUES ${values}) AS v WHERE (SELECT pg_advisory_xact_lock(hashtext($${params.length}))::text) IS NOT NULL ON CONFLICT (event_id) DO NOTHING`;
      } else sql += `VALUES ${values} ON CONFLICT (event_id) DO NOTHING`;
      if (!returning) {
        tx.atCommit(sql, params);
        continue;
      }
      // A row skipped as a duplicate returns nothing; the others come back in insertion order.
      const { rows } = await tx.query<{ position: number; event_id: string }>(`${sql} RETURNING position, event_id`, params);
      const byId = new Map(rows.map((r) => [r.event_id, Number(r.position)]));
      chunk.forEach((r, j) => {
        const position = byId.get(r.event.id);
        if (position !== undefined) appended.push({ position, topic: r.topic, partition_key: r.key, partition_no: partitions[j], payload: payloads[j], appended_at: now });
      });
    }
    return appended;
  }

  subscribe(options: SubscribeOptions): Subscription {
    for (const topic of options.topics) this.subscribedTopics.add(topic);
    const consumer = new SqlConsumer(this.db, this.wakeups, {
      ...options,
      batchSize: options.batchSize ?? 500,
      // Unique per subscription: two subscriptions of one group in one process must not share a lease.
      owner: `${this.instanceId}:${options.group}:${++this.subscriptions}`,
      partitions: this.options.partitions,
      notifyChannel: this.notifyChannel,
      pollMs: this.options.pollMs ?? 1000,
      lingerMs: this.options.lingerMs ?? 10,
      leaseMs: this.options.leaseMs ?? 15_000,
      clock: this.options.clock ?? systemClock,
      log: this.options.log,
      decoded: this.decoded,
      pacer: this.pacer,
      onBacklog: this.options.onBacklog,
      onStop: () => this.consumers.delete(consumer),
    });
    this.consumers.add(consumer);
    consumer.start();
    return consumer;
  }

  get partitions(): number {
    return this.options.partitions;
  }

  async resetGroup(group: string): Promise<void> {
    // A new generation makes every member's next commit fail, so each re-reads its partitions from 0.
    // The group's row is updated first: the same lock order as the members' heartbeats and commits.
    await this.db.transaction(async (tx) => {
      await tx.query('INSERT INTO consumer_groups (group_id) VALUES ($1) ON CONFLICT (group_id) DO NOTHING', [group]);
      await tx.query('UPDATE consumer_groups SET position = 0, generation = generation + 1 WHERE group_id = $1', [group]);
      await tx.query('UPDATE consumer_partitions SET position = 0 WHERE group_id = $1', [group]);
    });
    this.wakeups.notifyLocal();
  }

  async ping(): Promise<void> {
    await this.db.ping();
  }

  async close(): Promise<void> {
    await Promise.all([...this.consumers].map((c) => c.stop()));
    await this.wakeups.close();
    await this.db.close();
  }
}
