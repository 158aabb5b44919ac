import { AUTO_ID, defineMigration, type Dialect } from '@qr/persistence';

const PACKED_ROWS = [
  `ALTER TABLE event_log ADD COLUMN event_count INTEGER NOT NULL DEFAULT 1`,
  `ALTER TABLE event_log_settings ADD COLUMN packed_rows INTEGER NOT NULL DEFAULT 0`,
  // A new log: no rows and no consumer group yet (a deployment with an empty log may already run consumers of an earlier version).
  `UPDATE event_log_settings SET packed_rows = 1 WHERE NOT EXISTS (SELECT 1 FROM event_log) AND NOT EXISTS (SELECT 1 FROM consumer_groups)`,
];

const ONE_PROCESS = [
  `UPDATE consumer_groups SET position = (SELECT MIN(p.position) FROM consumer_partitions p WHERE p.group_id = consumer_groups.group_id)
   WHERE EXISTS (SELECT 1 FROM consumer_partitions p WHERE p.group_id = consumer_groups.group_id)`,
  `DROP TABLE consumer_partitions`,
  `DROP TABLE consumer_members`,
  `DROP TABLE event_log_settings`,
  `DROP INDEX event_log_topic_position_partition`,
  `CREATE INDEX event_log_topic_position ON event_log (topic, position)`,
  `ALTER TABLE event_log DROP COLUMN partition_no`,
  `ALTER TABLE consumer_groups DROP COLUMN lease_owner`,
  `ALTER TABLE consumer_groups DROP COLUMN lease_expires_at`,
];

/** The tables of the first version: the log, and each group's offset. */
const CREATE = (dialect: Dialect) => [
  `CREATE TABLE event_log (
    position ${AUTO_ID[dialect]},
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
];

const PARTITIONS = (dialect: Dialect) => [
  `ALTER TABLE event_log ADD COLUMN partition_no INTEGER NOT NULL DEFAULT 0`,
  // PostgreSQL, no default from now on: a process of the previous version (a rolling upgrade) cannot append
  // a row without its partition. Its relay fails and retries, and the events wait in its outbox until a
  // process of this version relays them. (SQLite cannot drop a default.)
  ...(dialect === 'postgres' ? [`ALTER TABLE event_log ALTER COLUMN partition_no DROP DEFAULT`] : []),
  `DROP INDEX event_log_topic_position`,
  // Position order within a topic, with the partition in the index: a member's range read walks the
  // topic in order and skips other members' partitions without reading their rows.
  `CREATE INDEX event_log_topic_position_partition ON event_log (topic, position, partition_no)`,
  `CREATE TABLE event_log_settings (id INTEGER PRIMARY KEY CHECK (id = 1), partitions INTEGER)`,
  `INSERT INTO event_log_settings (id, partitions) VALUES (1, NULL)`,
  `CREATE TABLE consumer_partitions (
    group_id TEXT NOT NULL,
    partition_no INTEGER NOT NULL,
    position BIGINT NOT NULL,
    owner TEXT,
    lease_expires_at BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (group_id, partition_no)
  )`,
  `CREATE TABLE consumer_members (
    group_id TEXT NOT NULL,
    member_id TEXT NOT NULL,
    expires_at BIGINT NOT NULL,
    PRIMARY KEY (group_id, member_id)
  )`,
];

export const EVENT_LOG_MIGRATIONS = [
  defineMigration({ timestamp: 1763700000000, name: 'CreateEventLog', sqlite: CREATE('sqlite'), postgres: CREATE('postgres') }),
  /**
   * Partitions (by partition key) with an offset and a lease per partition, spread over a group's live
   * members, as an earlier version had them (EventLogOneProcess drops them again). Rows already in the log
   * were put in partition 0. `consumer_groups.position` stayed as the offset a partition started from.
   */
  defineMigration({ timestamp: 1764900000000, name: 'EventLogPartitions', sqlite: PARTITIONS('sqlite'), postgres: PARTITIONS('postgres') }),
  /**
   * Packed rows, as an earlier version wrote them: a row may hold several events of one topic and key,
   * `event_count` of them. This version appends a row per event and still reads packed rows.
   */
  defineMigration({
    timestamp: 1765000000000,
    name: 'EventLogPackedRows',
    sql: PACKED_ROWS,
  }),
  /**
   * Payloads compressed with lz4 instead of pglz where the server has it (PostgreSQL 14 and later,
   * built with lz4, as the common packages are): a packed row holds a whole group commit's events, 20–25
   * kB of JSON, and compressing it was on the path of every scan's commit. One replica went from 18,954
   * to 21,557 redirects/s with it (docs/benchmarks.md). Rows written before keep pglz; both are read.
   */
  defineMigration({
    timestamp: 1765100000000,
    name: 'EventLogPayloadLz4',
    sqlite: [],
    postgres: [
      `DO $$ BEGIN
        IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY(enumvals)) THEN
          ALTER TABLE event_log ALTER COLUMN payload SET COMPRESSION lz4;
        END IF;
      END $$`,
    ],
  }),
  /**
   * The log of one process (all-in-one): Kafka carries distributed mode's events, and the partitions,
   * leases and member heartbeats that spread a group over processes go. A group that held partitions
   * starts from the lowest offset it had committed in any of them (what was handled past it in the
   * others comes again; consumers are idempotent on the event id).
   */
  defineMigration({
    timestamp: 1765200000000,
    name: 'EventLogOneProcess',
    sql: ONE_PROCESS,
  }),
];
