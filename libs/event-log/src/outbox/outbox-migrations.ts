import { AUTO_ID, perDialect } from '@qr/persistence';

/** The outbox table every producing service adds to its own schema, in its first migration. */
export const OUTBOX_TABLE_SQL = perDialect(
  (dialect) => `CREATE TABLE outbox (
    id ${AUTO_ID[dialect]},
    event_id TEXT NOT NULL UNIQUE,
    topic TEXT NOT NULL,
    partition_key TEXT NOT NULL,
    payload TEXT NOT NULL,
    created_at BIGINT NOT NULL
  )`,
);

/**
 * The outbox without the unique index on event_id: event ids are random and the event log dedupes
 * them anyway, and the index was a fifth of what writing a scan cost. SQLite cannot drop a
 * column's UNIQUE, so the table is rebuilt (rows and ids kept).
 */
export const OUTBOX_DROP_EVENT_ID_INDEX_SQL = {
  sqlite: [
    OUTBOX_TABLE_SQL.sqlite.replace('CREATE TABLE outbox', 'CREATE TABLE outbox_rebuilt').replace('event_id TEXT NOT NULL UNIQUE', 'event_id TEXT NOT NULL'),
    'INSERT INTO outbox_rebuilt (id, event_id, topic, partition_key, payload, created_at) SELECT id, event_id, topic, partition_key, payload, created_at FROM outbox',
    // Ids keep counting from where they were (an empty outbox would otherwise restart at 1): a relay
    // reading past its high-water mark must never see a new row below it.
    "DELETE FROM sqlite_sequence WHERE name = 'outbox_rebuilt'",
    "INSERT INTO sqlite_sequence (name, seq) SELECT 'outbox_rebuilt', seq FROM sqlite_sequence WHERE name = 'outbox'",
    'DROP TABLE outbox',
    'ALTER TABLE outbox_rebuilt RENAME TO outbox',
  ],
  postgres: ['ALTER TABLE outbox DROP CONSTRAINT IF EXISTS outbox_event_id_key'],
};

/** The record of events a consuming service has applied: idempotency on the event id. */
export const PROCESSED_EVENTS_TABLE_SQL = perDialect(
  () => `CREATE TABLE processed_events (
    consumer TEXT NOT NULL,
    event_id TEXT NOT NULL,
    processed_at BIGINT NOT NULL,
    PRIMARY KEY (consumer, event_id)
  )`,
);

/**
 * How many events an outbox row holds: on PostgreSQL a producer's transaction puts its events of one topic
 * and key into one row (packedOutboxRows), their JSON texts joined by newlines.
 */
export const OUTBOX_EVENT_COUNT_SQL = { sql: ['ALTER TABLE outbox ADD COLUMN event_count INTEGER NOT NULL DEFAULT 1'] };
