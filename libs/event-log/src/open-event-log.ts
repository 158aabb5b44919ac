import { type Log } from '@qr/domain';
import { openDatabase, type StorageConfig } from '@qr/persistence';
import { type EventLog } from './event-log.port';
import { KafkaEventLog } from './kafka/kafka-event-log';
import { EVENT_LOG_MIGRATIONS } from './sql/event-log-migrations';
import { SqlEventLog } from './sql/sql-event-log';

/** The embedded log's store: `eventlog.sqlite`, or the `eventlog` schema on PostgreSQL. */
export const EVENT_LOG_STORE_NAME = 'eventlog';

export interface OpenEventLogOptions {
  transport: { kind: 'sql' } | { kind: 'kafka'; brokers: string[]; prefix?: string };
  storage: StorageConfig;
  runMigrations: boolean;
  clientId: string;
  log: Log;
  pollMs?: number;
  /** Kafka: partitions of the topics it creates (`EVENT_LOG_PARTITIONS`, default 12). */
  partitions?: number;
  /** Kafka: how long a silent group member keeps its partitions (default KAFKA_SESSION_TIMEOUT_MS). */
  sessionTimeoutMs?: number;
}

/**
 * The log's own connections never use bitmap scans. A consumer reads `topic = ? AND position > offset AND
 * position <= head ORDER BY position LIMIT 500`; without fresh statistics (a new log, autovacuum off or not
 * yet run) PostgreSQL guessed a handful of rows and chose a bitmap scan of the whole range and a sort: a
 * lagging consumer re-read its entire backlog for every batch of 500 (31 ms a batch at 95,000 rows behind,
 * instead of 0.3 ms walking the index in order). Nothing the log's connections run needs a bitmap scan.
 */
const LOG_PLANNER_SETTINGS = { enable_bitmapscan: 'off' };

/** The one place that turns configuration into an event log transport. */
export async function openEventLog(o: OpenEventLogOptions): Promise<EventLog> {
  if (o.transport.kind === 'kafka') {
    // Never waits for the broker: a process starts without it, degraded, and catches up when it comes.
    return new KafkaEventLog({
      brokers: o.transport.brokers,
      prefix: o.transport.prefix,
      clientId: o.clientId,
      log: o.log,
      partitions: o.partitions,
      sessionTimeoutMs: o.sessionTimeoutMs,
    });
  }
  const db = await openDatabase({
    name: EVENT_LOG_STORE_NAME,
    storage: o.storage,
    migrations: EVENT_LOG_MIGRATIONS,
    runMigrations: o.runMigrations,
    postgresSettings: LOG_PLANNER_SETTINGS,
  });
  return new SqlEventLog(db, { log: o.log, pollMs: o.pollMs });
}
