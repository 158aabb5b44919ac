import { setTimeout as sleep } from 'node:timers/promises';
import { type EventEnvelope, findEventDefinition, partitionKeyOf } from '@qr/contracts';
import { type Clock, type Log, systemClock } from '@qr/domain';
import { type Database, type Tx } from '@qr/persistence';
import { type EventLog, type LogRecord } from '../event-log.port';
import { SharedMark, ThreadSignal } from '../thread-signal';
import { backoffMs, lingers, Waker } from '../wait-for';
import { packedOutboxRows, singleRow } from './packed-outbox-rows';

const ADD_CHUNK = 100;
const insertSqlByRows = new Map<number, string>();

/** The insert of `rows` outbox rows; the same string each time, so the statement caches below find it at once. */
function insertSql(rows: number): string {
  let sql = insertSqlByRows.get(rows);
  if (!sql) {
    const values = Array.from({ length: rows }, (_, j) => `(${Array.from({ length: 6 }, (_, k) => `$${j * 6 + k + 1}`).join(', ')})`).join(', ');
    sql = `INSERT INTO outbox (event_id, topic, partition_key, payload, created_at, event_count) VALUES ${values}`;
    insertSqlByRows.set(rows, sql);
  }
  return sql;
}

/** An event as the log stores it: its topic from the catalog, its partition key, its JSON. */
function logRecordOf(event: EventEnvelope): LogRecord & { payload: string } {
  const def = findEventDefinition(event.type, event.version);
  if (!def) throw new Error(`event ${event.type} v${event.version} is not in the catalog`);
  return { topic: def.topic, key: partitionKeyOf(event), event, payload: JSON.stringify(event) };
}

interface OutboxRow {
  id: number;
  event_id: string;
  topic: string;
  partition_key: string;
  payload: string;
  event_count: number;
}

/** An event read only if a field is asked for (Kafka sends the stored text as it is; the SQL log reads the id). */
function lazyEvent(payload: string, id: string | null): EventEnvelope {
  let parsed: EventEnvelope | null = null;
  const read = () => (parsed ??= JSON.parse(payload) as EventEnvelope);
  return new Proxy({} as EventEnvelope, { get: (_t, prop) => (prop === 'id' && id !== null ? id : read()[prop as keyof EventEnvelope]) });
}

/** A stored row as one record: a packed row's events travel together (LogRecord.events). */
function recordOf(row: OutboxRow): LogRecord {
  const events = Number(row.event_count);
  // The first event's text: its id is the record's (the row's event_id); read only if a field is asked for.
  const first = events === 1 ? row.payload : row.payload.slice(0, row.payload.indexOf('\n'));
  return { topic: row.topic, key: row.partition_key, event: lazyEvent(first, row.event_id), payload: row.payload, events };
}

export interface OutboxOptions {
  batchSize?: number;
  pollMs?: number;
  log: Log;
  /** SQLite: how long without new rows before the relay deletes relayed rows itself (default 1 s). */
  idleBeforeCleaningMs?: number;
}

/**
 * A PostgreSQL relay's batch: the oldest rows, deleted and returned, only by the replica that holds the
 * outbox's lock (a try-lock: the others find nothing). $1 the lock's name, $2 the most rows.
 */
const RELAY_BATCH_SQL = `WITH relay AS (SELECT pg_try_advisory_xact_lock(hashtext($1)) AS held),
  batch AS (SELECT id FROM outbox WHERE (SELECT held FROM relay) ORDER BY id LIMIT $2)
DELETE FROM outbox USING batch WHERE outbox.id = batch.id
RETURNING outbox.id, outbox.event_id, outbox.topic, outbox.partition_key, outbox.payload, outbox.event_count`;

/**
 * How long the relay waits before reading again when `lingers` says so: batches grow under load. 5 ms on
 * SQLite (all-in-one's background); 25 ms on PostgreSQL (a relay to Kafka), where each relay cycle is a
 * transaction and a Kafka request, and a busy redirect replica that relayed every 5 ms spent about 10 µs
 * more per scan on it (measured with one replica under wrk).
 */
const LINGER_MS = { sqlite: 5, postgres: 25 };

/** Relayed rows a writer's transaction deletes at most, besides twice as many as it adds. */
const CLEAN_MIN = 100;
/** The relay deletes relayed rows itself only after this long without new ones: the writer is idle then. */
const IDLE_BEFORE_CLEANING_MS = 1000;

/**
 * Writes events into a service's outbox in the caller's transaction, so an event exists exactly
 * when the state change it describes does, and wakes the relay once they are committed (the relay
 * may run on another thread: all-in-one's background).
 *
 * On SQLite the writer also deletes rows the relay has reported relayed (`relayed`), a few in each of
 * its transactions: it holds the write lock then anyway. When the relay deleted them itself it took
 * the lock away from the writer while it did (all-in-one: for milliseconds, several times a second),
 * and every scan of the batch waiting to commit waited with it.
 */
export class OutboxWriter {
  private readonly committed: ThreadSignal;
  /** How far the relay has moved this outbox into the event log (any thread). */
  readonly relayed: SharedMark;
  /** Every row up to here is deleted. */
  private cleanedUpTo = 0;
  /** Whether a transaction's events of one topic and key share a row (PostgreSQL; see add). */
  private readonly packs: boolean;

  constructor(
    db: Database,
    private readonly clock: Clock = systemClock,
  ) {
    this.packs = db.dialect === 'postgres';
    this.committed = new ThreadSignal(`outbox:${db.name}`);
    // Keyed by the file itself: two stores of one name in one process (tests, two data directories) must never share it.
    this.relayed = new SharedMark(`outbox-relayed:${db.location}`);
  }

  async add(tx: Tx, events: readonly EventEnvelope[]): Promise<void> {
    if (events.length === 0) return;
    if (tx.dialect === 'sqlite') await this.cleanRelayed(tx, CLEAN_MIN + 2 * events.length);
    const now = this.clock().getTime();
    // Multi-row inserts: a group commit of scans adds hundreds of events in one transaction. On PostgreSQL
    // (distributed mode: the relay sends each row to Kafka as one message) a code's events share a row
    // (packedOutboxRows): the distributed redirect row halves without it (docs/benchmarks.md, "What we
    // tried"). SQLite's relay feeds the embedded log, which keeps a row per event, so it keeps one too.
    const records = events.map(logRecordOf);
    const rows = this.packs ? packedOutboxRows(records) : records.map(singleRow);
    for (let start = 0; start < rows.length; start += ADD_CHUNK) {
      const chunk = rows.slice(start, start + ADD_CHUNK);
      // One flat list, without an array per row: a group commit of scans adds hundreds of rows.
      const params: unknown[] = [];
      for (const row of chunk) params.push(row.eventId, row.topic, row.key, row.payload, now, row.events);
      // Sent with what follows (on PostgreSQL, at the end of a transaction, with its COMMIT; Tx.send).
      tx.send(insertSql(chunk.length), params);
    }
    tx.afterCommit(() => this.committed.notify());
  }

  onCommitted(listener: () => void): () => void {
    return this.committed.on(listener);
  }

  /** Whether rows the relay reported relayed may still be in the outbox. */
  get hasRelayedRows(): boolean {
    return this.relayed.value > this.cleanedUpTo;
  }

  /** Deletes up to `limit` of the oldest relayed rows in `tx`; returns how many. */
  async cleanRelayed(tx: Tx, limit: number): Promise<number> {
    const upTo = this.relayed.value;
    if (upTo <= this.cleanedUpTo) return 0;
    const { affected } = await tx.query('DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE id <= $1 ORDER BY id LIMIT $2)', [upTo, limit]);
    if (affected < limit) tx.afterCommit(() => (this.cleanedUpTo = Math.max(this.cleanedUpTo, upTo)));
    return affected;
  }

  close(): void {
    this.committed.close();
    this.relayed.close();
  }
}

/**
 * Transactional outbox: `add` (see OutboxWriter) and the relay, which moves rows to the event log
 * (Kafka in distributed mode, the embedded log in all-in-one) and deletes them; a crash between the two
 * re-sends, and consumers dedupe on event id.
 */
export class Outbox extends OutboxWriter {
  private readonly waker = new Waker();
  private stopListening: () => void = () => undefined;
  private stopped = true;
  private loop: Promise<void> | null = null;
  /** SQLite: rows up to here are in the event log (the writer deletes them, see OutboxWriter). */
  private relayedUpTo = 0;
  private lastMovedAt = 0;

  constructor(
    private readonly db: Database,
    private readonly log: EventLog,
    private readonly o: OutboxOptions,
  ) {
    super(db);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.stopListening = this.onCommitted(this.waker.wake);
    this.loop = this.run();
  }

  /** Stops after relaying everything already committed (best effort within the shutdown budget). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopListening();
    this.waker.wake();
    await this.loop;
    await this.relayAll().catch(() => undefined);
  }

  /** Relays until the outbox is empty; tests and shutdown use it. */
  async relayAll(): Promise<void> {
    while ((await this.relayOnce()).rows > 0) {
      /* keep going */
    }
    await this.deleteRelayed();
  }

  /** Rows not relayed yet (on SQLite, relayed rows wait for the writer's next transactions and are not counted). */
  async pending(): Promise<number> {
    const [row] = await this.db.query<{ n: number }>('SELECT COALESCE(SUM(event_count), 0) AS n FROM outbox WHERE id > $1', [this.relayedUpTo]);
    return Number(row?.n ?? 0);
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      try {
        const moved = await this.relayOnce();
        failures = 0;
        if (moved.rows === 0) {
          if (Date.now() - this.lastMovedAt >= (this.o.idleBeforeCleaningMs ?? IDLE_BEFORE_CLEANING_MS)) await this.deleteRelayed();
          await this.waker.wait(this.o.pollMs ?? 1000);
        } else if (lingers(moved.events, moved.rows >= (this.o.batchSize ?? 500))) await sleep(LINGER_MS[this.db.dialect]);
      } catch (err) {
        failures += 1;
        this.o.log.event('warn', 'outbox relay failed; will retry', { store: this.db.name, failures, error: String(err) });
        // At most 5 s apart: once the log is back (a broker restarted), the backlog drains within seconds.
        await this.waker.wait(backoffMs(failures, 250, 5000));
      }
    }
  }

  /**
   * On PostgreSQL, replicas of one service share an outbox: a try-lock makes one of them the relay
   * at a time, which keeps each key's events in order, and relayed rows are deleted in the same
   * transaction as they are read, rolled back if the send fails (ids are not committed in order there,
   * so no high-water mark can be trusted).
   * SQLite has one writer at a time and AUTOINCREMENT ids, so ids commit in order: the relay reads
   * past its high-water mark and never writes to the producer's database while it has work: the
   * writer deletes relayed rows in its own transactions (OutboxWriter), and the relay deletes what is
   * left only once the outbox has been idle for a second (a relay that goes idle between two commits
   * of a busy writer must not take its lock). A crash re-sends what was relayed and not yet deleted; the log
   * and its consumers dedupe on event id.
   */
  private async relayOnce(): Promise<{ rows: number; events: number }> {
    const limit = this.o.batchSize ?? 500;
    if (this.db.dialect === 'postgres') {
      // One statement takes the lock, the batch and deletes it; a failed send rolls the delete back.
      return this.db.transaction(async (tx) => {
        const { rows } = await tx.query<OutboxRow>(RELAY_BATCH_SQL, [`outbox:${this.db.schema}`, limit]);
        rows.sort((a, b) => Number(a.id) - Number(b.id));
        const events = await this.forward(rows);
        return { rows: rows.length, events };
      });
    }
    const rows = await this.db.query<OutboxRow>(
      'SELECT id, event_id, topic, partition_key, payload, event_count FROM outbox WHERE id > $1 ORDER BY id LIMIT $2',
      [this.relayedUpTo, limit],
    );
    const events = await this.forward(rows);
    if (rows.length) {
      this.lastMovedAt = Date.now();
      this.relayedUpTo = Number(rows[rows.length - 1].id);
      this.relayed.raise(this.relayedUpTo);
    }
    return { rows: rows.length, events };
  }

  /** What the writer has not deleted yet, once nothing is left to relay (the writer may be idle for good). */
  private async deleteRelayed(): Promise<void> {
    if (this.db.dialect !== 'sqlite') return;
    // A chunk per transaction: a writer that starts again waits for one chunk at most.
    while (this.hasRelayedRows && (await this.db.transaction((tx) => this.cleanRelayed(tx, 1000))) === 1000) {
      /* keep going */
    }
  }

  /** Appends the rows' events to the log; returns how many. */
  private async forward(rows: readonly OutboxRow[]): Promise<number> {
    if (!rows.length) return 0;
    await this.log.append(rows.map(recordOf));
    return rows.reduce((n, r) => n + Number(r.event_count), 0);
  }
}
