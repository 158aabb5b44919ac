import { defineMigration } from '@qr/persistence';

export const EVENT_LOG_MIGRATIONS = [
  defineMigration({
    timestamp: 1763700000000,
    name: 'CreateEventLog',
    sqlite: [
      `CREATE TABLE event_log (
        position INTEGER PRIMARY KEY AUTOINCREMENT,
        topic TEXT NOT NULL,
        partition_key TEXT NOT NULL,
        event_id TEXT NOT NULL UNIQUE,
        payload TEXT NOT NULL,
        appended_at INTEGER NOT NULL
      )`,
      `CREATE INDEX event_log_topic_position ON event_log (topic, position)`,
      `CREATE TABLE consumer_groups (
        group_id TEXT PRIMARY KEY,
        position INTEGER NOT NULL DEFAULT 0,
        generation INTEGER NOT NULL DEFAULT 0,
        lease_owner TEXT,
        lease_expires_at INTEGER NOT NULL DEFAULT 0
      )`,
    ],
    postgres: [
      `CREATE TABLE event_log (
        position BIGSERIAL PRIMARY KEY,
        topic TEXT NOT NULL,
        partition_key TEXT NOT NULL,
        event_id TEXT NOT NULL UNIQUE,
        payload TEXT NOT NULL,
        appended_at BIGINT NOT NULL
      )`,
      `CREATE INDEX event_log_topic_position ON event_log (topic, position)`,
      `CREATE TABLE consumer_groups (
        group_id TEXT PRIMARY KEY,
        position BIGINT NOT NULL DEFAULT 0,
        generation INTEGER NOT NULL DEFAULT 0,
        lease_owner TEXT,
        lease_expires_at BIGINT NOT NULL DEFAULT 0
      )`,
    ],
  }),
];
