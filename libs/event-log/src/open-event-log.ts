import { type Log } from '@qr/domain';
import { type Database, openDatabase, type StorageConfig } from '@qr/persistence';
import { type EventLog } from './event-log.port';
import { KafkaEventLog } from './kafka/kafka-event-log';
import { EVENT_LOG_MIGRATIONS } from './sql/event-log-migrations';
import { allowPackedRows, packedRowsAllowed } from './sql/packed-rows';
import { fixPartitionCount, repartition } from './sql/partition-count';
import { logChannel, SqlEventLog } from './sql/sql-event-log';
import { LocalWakeupChannel, PgWakeupChannel } from './sql/wakeup-channel';

export interface OpenEventLogOptions {
  transport: { kind: 'sql' } | { kind: 'kafka'; brokers: string[] };
  storage: StorageConfig;
  runMigrations: boolean;
  clientId: string;
  log: Log;
  pollMs?: number;
  leaseMs?: number;
  /** Told the age of the oldest record in each batch a SQL consumer reads (all-in-one's background priority). */
  onBacklog?: (ageMs: number) => void;
  /** SQL on SQLite: the longest an append waits for this instance's consumers (SqlEventLogOptions). */
  appendWaitMs?: number;
  /**
   * Partitions per topic (`EVENT_LOG_PARTITIONS`). SQL: must equal what the log stores (a new log stores
   * it); default 12 on PostgreSQL, 1 on SQLite. Kafka: for the topics it creates (default 12).
   */
  partitions?: number;
}

/**
 * The log's own connections never use bitmap scans. A consumer reads `topic = ? AND position > offset AND
 * position <= head ORDER BY position LIMIT 500`; without fresh statistics (a new log, autovacuum off or not
 * yet run) PostgreSQL guessed a handful of rows and chose a bitmap scan of the whole range and a sort: a
 * lagging consumer re-read its entire backlog for every batch of 500 (31 ms a batch at 95,000 rows behind,
 * instead of 0.3 ms walking the index in order). Nothing the log's connections run needs a bitmap scan.
 */
const LOG_PLANNER_SETTINGS = { enable_bitmapscan: 'off' };

/** A SQL log's partitions unless configured: PostgreSQL's consumers scale out, all-in-one's do not need to. */
export function defaultPartitions(storage: StorageConfig): number {
  return storage.kind === 'postgres' ? 12 : 1;
}

/** The one place that turns configuration into an event log transport. */
export async function openEventLog(o: OpenEventLogOptions): Promise<EventLog> {
  if (o.transport.kind === 'kafka') {
    const kafka = new KafkaEventLog({ brokers: o.transport.brokers, clientId: o.clientId, log: o.log, partitions: o.partitions });
    await kafka.ensureTopics();
    return kafka;
  }
  const db = await openDatabase({ name: 'eventlog', storage: o.storage, migrations: EVENT_LOG_MIGRATIONS, runMigrations: o.runMigrations, postgresSettings: LOG_PLANNER_SETTINGS });
  const channel = logChannel(db);
  let partitions: number;
  let packRows: boolean;
  try {
    partitions = await fixPartitionCount(db, o.partitions ?? defaultPartitions(o.storage), channel);
    packRows = await packedRowsAllowed(db);
  } catch (err) {
    await db.close();
    throw err;
  }
  const wakeups = o.storage.kind === 'postgres' ? new PgWakeupChannel(o.storage.url, channel, o.log) : new LocalWakeupChannel();
  return new SqlEventLog(db, wakeups, { log: o.log, pollMs: o.pollMs, leaseMs: o.leaseMs, onBacklog: o.onBacklog, appendWaitMs: o.appendWaitMs, partitions, packRows });
}

/**
 * Changes a SQL log's partition count (`npm run admin -- event-log repartition`): only while no process
 * uses the log. See `repartition` for what happens to the groups' offsets.
 */
export async function repartitionEventLog(storage: StorageConfig, partitions: number): Promise<{ from: number | null; to: number; groups: number }> {
  return withLogDatabase(storage, (db) => repartition(db, partitions, logChannel(db)));
}

/**
 * Lets a SQL log's producers pack rows (`npm run admin -- event-log allow-packed-rows`), once every
 * process of the log runs a version that reads them; running processes pack from their next start.
 */
export async function allowPackedRowsIn(storage: StorageConfig): Promise<{ packed_rows: boolean; was: boolean }> {
  return withLogDatabase(storage, allowPackedRows);
}

/** An admin step on a SQL log's own tables: migrated first, closed after. */
async function withLogDatabase<T>(storage: StorageConfig, step: (db: Database) => Promise<T>): Promise<T> {
  const db = await openDatabase({ name: 'eventlog', storage, migrations: EVENT_LOG_MIGRATIONS, runMigrations: true });
  try {
    return await step(db);
  } finally {
    await db.close();
  }
}
