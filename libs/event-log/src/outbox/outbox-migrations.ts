/** The outbox table every producing service adds to its own schema, in its first migration. */
export const OUTBOX_TABLE_SQL = {
  sqlite: `CREATE TABLE outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id TEXT NOT NULL UNIQUE,
    topic TEXT NOT NULL,
    partition_key TEXT NOT NULL,
    payload TEXT NOT NULL,
    created_at INTEGER NOT NULL
  )`,
  postgres: `CREATE TABLE outbox (
    id BIGSERIAL PRIMARY KEY,
    event_id TEXT NOT NULL UNIQUE,
    topic TEXT NOT NULL,
    partition_key TEXT NOT NULL,
    payload TEXT NOT NULL,
    created_at BIGINT NOT NULL
  )`,
} as const;

/** The record of events a consuming service has applied: idempotency on the event id. */
export const PROCESSED_EVENTS_TABLE_SQL = {
  sqlite: `CREATE TABLE processed_events (
    consumer TEXT NOT NULL,
    event_id TEXT NOT NULL,
    processed_at INTEGER NOT NULL,
    PRIMARY KEY (consumer, event_id)
  )`,
  postgres: `CREATE TABLE processed_events (
    consumer TEXT NOT NULL,
    event_id TEXT NOT NULL,
    processed_at BIGINT NOT NULL,
    PRIMARY KEY (consumer, event_id)
  )`,
} as const;
