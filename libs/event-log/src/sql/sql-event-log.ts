import { type EventEnvelope } from '@qr/contracts';
import { type Clock, type Log, systemClock } from '@qr/domain';
import { type Database, type Tx } from '@qr/persistence';
import type { EventLog, LogRecord, SubscribeOptions, Subscription } from '../event-log.port';
import { SqlConsumer } from './sql-consumer';
import { AppendPacer } from './append-pacer';
import { DecodedRowCache } from './decoded-row-cache';
import { type StoredRow } from './decode-rows';
import { payloadOf } from './packed-rows';
import { type WakeupChannel } from './wakeup-channel';

export interface SqlEventLogOptions {
  /** Idle poll interval: the safety net under wake-ups. */
  pollMs?: number;
  /** How long a consumer waits before reading again when `lingers` says so (default 10 ms). */
  lingerMs?: number;
  clock?: Clock;
  log: Log;
  /** Told the age of the oldest record in each batch a consumer reads. */
  onBacklog?: (ageMs: number) => void;
  /** The longest an append waits for this instance's consumers on SQLite (default 1 s; see AppendPacer). */
  appendWaitMs?: number;
  /**
   * The plain log, the reference for the fast paths: no decoded-row cache (each consumer reads and decodes
   * its rows from the table) and no append pacer. The same events in the same order
   * (sql-log-fast-paths.differential.int-spec.ts).
   */
  plain?: boolean;
}

const APPEND_CHUNK = 200;

/** Positions the decoded-row cache holds. */
const CACHE_POSITIONS = 8192;

/** The name of a PostgreSQL log's appends' advisory lock. */
function appendLockName(db: Database): string {
  return `event_log_${db.schema ?? 'local'}`;
}

/** A record of several events (an outbox row packed on PostgreSQL) as one record per event, a row each here. */
function eachEvent(r: LogRecord): LogRecord[] {
  if ((r.events ?? 1) === 1) return [r];
  return payloadOf(r)
    .split('\n')
    .map((payload) => ({ topic: r.topic, key: r.key, event: JSON.parse(payload) as EventEnvelope, payload }));
}

/** The distinct topics of an append, for its wake-up. */
function topicsOf(records: readonly LogRecord[]): string[] {
  return [...new Set(records.map((r) => r.topic))];
}

/**
 * The embedded event log of all-in-one: an append-only table in the process's own database (SQLite, or
 * PostgreSQL), one consumer per group (SqlConsumer), wake-ups between the process's threads. Distributed
 * mode, where consumers are replicas in other processes, runs on Kafka (KafkaEventLog).
 *
 * Positions are assigned and committed in order: on SQLite by its single writer, on PostgreSQL by an
 * advisory lock every append takes before its rows get positions, so a reader never sees position N+1
 * before N has committed (which would let a consumer skip N for good). A duplicate event id is stored once.
 */
export class SqlEventLog implements EventLog {
  readonly transport: EventLog['transport'];
  private readonly consumers = new Set<SqlConsumer>();
  /** Rows decoded for one consumer group are decoded for all: parse and schema check once per event. */
  private readonly decoded: DecodedRowCache | null;
  /** Appends wait for this instance's consumers to read what is in the cache (see AppendPacer). */
  private readonly pacer: AppendPacer | null;
  /** Topics some consumer of this instance reads: appends of these are decoded into the cache. */
  private readonly subscribedTopics = new Set<string>();

  constructor(
    readonly db: Database,
    private readonly wakeups: WakeupChannel,
    private readonly options: SqlEventLogOptions,
  ) {
    this.transport = db.dialect === 'postgres' ? 'sql-postgres' : 'sql-sqlite';
    this.decoded = options.plain ? null : new DecodedRowCache(CACHE_POSITIONS, options.log);
    // Half the cache: a consumer at the edge still finds its next batch of 500 there, with room for
    // one append let through late before it is dropped.
    this.pacer = options.plain
      ? null
      : new AppendPacer({ window: CACHE_POSITIONS / 2, followWithin: CACHE_POSITIONS - 1024, maxWaitMs: options.appendWaitMs ?? 1000 });
  }

  async append(given: readonly LogRecord[]): Promise<void> {
    if (given.length === 0) return;
    const records = given.some((r) => (r.events ?? 1) > 1) ? given.flatMap(eachEvent) : given;
    const now = (this.options.clock ?? systemClock)().getTime();
    // With consumers here, every appended position is remembered (decoded if a consumer reads its topic):
    // they then take their ranges from the cache while this instance appended all of them.
    const decoded = this.decoded;
    const pacer = this.pacer;
    const prime = decoded !== null && pacer !== null && this.subscribedTopics.size > 0;
    if (prime) await pacer.room(records.length);
    try {
      await this.db.transaction(async (tx) => {
        const appended = await this.insert(tx, records, now);
        tx.afterCommit(() => {
          // This thread's consumers will read these rows next: decode them now, while their payloads are at hand.
          if (prime && appended.length) {
            decoded.remember(appended, (topic) => this.subscribedTopics.has(topic));
            pacer.appended(appended[appended.length - 1].position);
          }
          this.wakeups.notifyAppended(topicsOf(records));
        });
      });
    } finally {
      if (prime) pacer.release(records.length);
    }
  }

  /**
   * Inserts `records` in `tx` in order and gives back the rows added (a duplicate event id is skipped).
   * On PostgreSQL the log's lock is taken by the first insert itself, before its rows get their positions
   * (a one-time filter runs before the rows are read), and held to the commit.
   */
  private async insert(tx: Tx, records: readonly LogRecord[], now: number): Promise<Array<StoredRow & { appended_at: number }>> {
    const postgres = tx.dialect === 'postgres';
    const appended: Array<StoredRow & { appended_at: number }> = [];
    for (let i = 0; i < records.length; i += APPEND_CHUNK) {
      const chunk = records.slice(i, i + APPEND_CHUNK);
      const payloads = chunk.map(payloadOf);
      const params: unknown[] = chunk.flatMap((r, j) => [r.topic, r.key, r.event.id, payloads[j], now]);
      const values = chunk.map((_, j) => `(${[1, 2, 3, 4, 5].map((k) => `$${j * 5 + k}${postgres && k === 5 ? '::bigint' : ''}`).join(', ')})`).join(', ');
      let sql = 'INSERT INTO event_log (topic, partition_key, event_id, payload, appended_at) ';
      if (postgres && i === 0) {
        params.push(appendLockName(this.db));
        sql += `SELECT * FROM (VALUES ${values}) AS v WHERE (SELECT pg_advisory_xact_lock(hashtext($${params.length}))::text) IS NOT NULL`;
      } else sql += `VALUES ${values}`;
      // A row skipped as a duplicate returns nothing; the others come back in insertion order.
      const { rows } = await tx.query<{ position: number; event_id: string }>(`${sql} ON CONFLICT (event_id) DO NOTHING RETURNING position, event_id`, params);
      const byId = new Map(rows.map((r) => [r.event_id, Number(r.position)]));
      chunk.forEach((r, j) => {
        const position = byId.get(r.event.id);
        if (position !== undefined) appended.push({ position, topic: r.topic, partition_key: r.key, payload: payloads[j], appended_at: now });
      });
    }
    return appended;
  }

  subscribe(options: SubscribeOptions): Subscription {
    // One consumer per group: two would each handle every event (nothing spreads a group here).
    if ([...this.consumers].some((c) => c.group === options.group)) throw new Error(`this event log already has a consumer of group ${options.group}`);
    for (const topic of options.topics) this.subscribedTopics.add(topic);
    const consumer = new SqlConsumer(this.db, this.wakeups, {
      ...options,
      batchSize: options.batchSize ?? 500,
      pollMs: this.options.pollMs ?? 1000,
      lingerMs: this.options.lingerMs ?? 10,
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

  /** Back to the start; a running consumer of the group notices at its next commit (see SqlConsumer). */
  async resetGroup(group: string): Promise<void> {
    await this.db.execute(
      'INSERT INTO consumer_groups (group_id, position, generation) VALUES ($1, 0, 1) ON CONFLICT (group_id) DO UPDATE SET position = 0, generation = consumer_groups.generation + 1',
      [group],
    );
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
