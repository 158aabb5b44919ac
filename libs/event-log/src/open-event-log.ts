import { type Log } from '@qr/domain';
import { openDatabase, type StorageConfig } from '@qr/persistence';
import { type EventLog } from './event-log.port';
import { KafkaEventLog } from './kafka/kafka-event-log';
import { EVENT_LOG_MIGRATIONS } from './sql/event-log-migrations';
import { SqlEventLog } from './sql/sql-event-log';
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
}

/** The one place that turns configuration into an event log transport. */
export async function openEventLog(o: OpenEventLogOptions): Promise<EventLog> {
  if (o.transport.kind === 'kafka') {
    const kafka = new KafkaEventLog({ brokers: o.transport.brokers, clientId: o.clientId, log: o.log });
    await kafka.ensureTopics();
    return kafka;
  }
  const db = await openDatabase({ name: 'eventlog', storage: o.storage, migrations: EVENT_LOG_MIGRATIONS, runMigrations: o.runMigrations });
  const wakeups = o.storage.kind === 'postgres' ? new PgWakeupChannel(o.storage.url, `event_log_${db.schema}`, o.log) : new LocalWakeupChannel();
  return new SqlEventLog(db, wakeups, { log: o.log, pollMs: o.pollMs, leaseMs: o.leaseMs, onBacklog: o.onBacklog, appendWaitMs: o.appendWaitMs });
}
