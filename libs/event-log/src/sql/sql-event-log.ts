import { type EventEnvelope } from '@qr/contracts';
import { type Log } from '@qr/domain';
import { type Database, type Tx } from '@qr/persistence';
import { type EventLog, type LogRecord, payloadOf, type SubscribeOptions, type Subscription } from '../event-log.port';
import { ThreadSignal } from '../thread-signal';
import { SqlConsumer } from './sql-consumer';

export interface SqlEventLogOptions {
  /** Idle poll interval: the safety net under wake-ups. */
  pollMs?: number;
  log: Log;
}

const APPEND_CHUNK = 200;

/** A record of several events (an outbox row packed on PostgreSQL) as one record per event, a row each here. */
function eachEvent(r: LogRecord): LogRecord[] {
  if ((r.events ?? 1) === 1) return [r];
  return payloadOf(r)
    .split('\n')
    .map((payload) => ({ topic: r.topic, key: r.key, event: JSON.parse(payload) as EventEnvelope, payload }));
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
  /** Wakes idle consumers of the topics appended (every thread of the process hears it), so they need not poll fast. */
  private readonly appended = new ThreadSignal('event-log');

  constructor(
    readonly db: Database,
    private readonly options: SqlEventLogOptions,
  ) {
    this.transport = db.dialect === 'postgres' ? 'sql-postgres' : 'sql-sqlite';
  }

  async append(given: readonly LogRecord[]): Promise<void> {
    if (given.length === 0) return;
    const records = given.some((r) => (r.events ?? 1) > 1) ? given.flatMap(eachEvent) : given;
    const now = Date.now();
    await this.db.transaction(async (tx) => {
      await this.insert(tx, records, now);
      tx.afterCommit(() => this.appended.notify([...new Set(records.map((r) => r.topic))]));
    });
  }

  /**
   * Inserts `records` in `tx` in order (a duplicate event id is skipped). On PostgreSQL the log's lock is
   * taken by the first insert itself, before its rows get their positions (a one-time filter runs before
   * the rows are read), and held to the commit.
   */
  private async insert(tx: Tx, records: readonly LogRecord[], now: number): Promise<void> {
    const postgres = tx.dialect === 'postgres';
    for (let i = 0; i < records.length; i += APPEND_CHUNK) {
      const chunk = records.slice(i, i + APPEND_CHUNK);
      const params: unknown[] = chunk.flatMap((r) => [r.topic, r.key, r.event.id, payloadOf(r), now]);
      const values = chunk.map((_, j) => `(${[1, 2, 3, 4, 5].map((k) => `$${j * 5 + k}${postgres && k === 5 ? '::bigint' : ''}`).join(', ')})`).join(', ');
      let sql = 'INSERT INTO event_log (topic, partition_key, event_id, payload, appended_at) ';
      if (postgres && i === 0) {
        // The log's appends' advisory lock, by the log's schema.
        params.push(`event_log_${this.db.schema}`);
        sql += `SELECT * FROM (VALUES ${values}) AS v WHERE (SELECT pg_advisory_xact_lock(hashtext($${params.length}))::text) IS NOT NULL`;
      } else sql += `VALUES ${values}`;
      await tx.query(`${sql} ON CONFLICT (event_id) DO NOTHING`, params);
    }
  }

  subscribe(options: SubscribeOptions): Subscription {
    // One consumer per group: two would each handle every event (nothing spreads a group here).
    if ([...this.consumers].some((c) => c.group === options.group)) throw new Error(`this event log already has a consumer of group ${options.group}`);
    const consumer = new SqlConsumer(this.db, this.appended, {
      ...options,
      batchSize: options.batchSize ?? 500,
      pollMs: this.options.pollMs ?? 1000,
      log: this.options.log,
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
    this.appended.notify();
  }

  async ping(): Promise<void> {
    await this.db.ping();
  }

  async close(): Promise<void> {
    await Promise.all([...this.consumers].map((c) => c.stop()));
    this.appended.close();
    await this.db.close();
  }
}
