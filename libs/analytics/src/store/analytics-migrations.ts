import { PROCESSED_EVENTS_TABLE_SQL } from '@qr/event-log';
import { defineMigration } from '@qr/persistence';

/**
 * The scan projection: 15-minute UTC buckets (every IANA offset is a multiple of 15 minutes, so any
 * local day is an exact set of buckets) and UTC-day rollups, each with human and bot counts kept
 * apart. A unique scanner (a daily visitor hash) counts once, in the bucket and day where it was
 * first seen that UTC day, so uniques over any span are a sum. Dimension values use '' for unknown.
 * Everything here can be dropped and rebuilt by replaying the log.
 */
const PROJECTION = [
  `CREATE TABLE scan_buckets (
    qr_id TEXT NOT NULL, bucket BIGINT NOT NULL, workspace_id TEXT NOT NULL,
    human BIGINT NOT NULL DEFAULT 0, bot BIGINT NOT NULL DEFAULT 0,
    human_uniques BIGINT NOT NULL DEFAULT 0, bot_uniques BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (qr_id, bucket)
  )`,
  `CREATE INDEX scan_buckets_workspace ON scan_buckets (workspace_id, bucket)`,
  `CREATE TABLE scan_bucket_dims (
    qr_id TEXT NOT NULL, bucket BIGINT NOT NULL, dim TEXT NOT NULL, value TEXT NOT NULL,
    human BIGINT NOT NULL DEFAULT 0, bot BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (qr_id, dim, bucket, value)
  )`,
  `CREATE TABLE scan_day_dims (
    qr_id TEXT NOT NULL, day TEXT NOT NULL, dim TEXT NOT NULL, value TEXT NOT NULL,
    human BIGINT NOT NULL DEFAULT 0, bot BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (qr_id, dim, day, value)
  )`,
  `CREATE TABLE visitor_days (
    qr_id TEXT NOT NULL, day TEXT NOT NULL, visitor_hash TEXT NOT NULL,
    PRIMARY KEY (qr_id, day, visitor_hash)
  )`,
  `CREATE TABLE codes (
    qr_id TEXT PRIMARY KEY, workspace_id TEXT NOT NULL, name TEXT NOT NULL, folder_id TEXT,
    timezone TEXT NOT NULL, deleted_at BIGINT, revision INTEGER NOT NULL
  )`,
  `CREATE INDEX codes_workspace ON codes (workspace_id, folder_id)`,
];

/**
 * The password page of protected codes (docs/design/switching.md): its page views and its unlocks
 * per 15-minute bucket, apart from scans (an unlock is also a scan; a page view is not).
 */
const PASSWORD_GATE = [
  `CREATE TABLE password_gate_buckets (
    qr_id TEXT NOT NULL, bucket BIGINT NOT NULL,
    page_views BIGINT NOT NULL DEFAULT 0, unlocks BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (qr_id, bucket)
  )`,
];

export const PROJECTION_TABLES = ['scan_buckets', 'scan_bucket_dims', 'scan_day_dims', 'visitor_days', 'codes', 'password_gate_buckets'] as const;

export const ANALYTICS_MIGRATIONS = [
  defineMigration({
    timestamp: 1763700000214,
    name: 'CreateAnalyticsMessaging',
    sqlite: [PROCESSED_EVENTS_TABLE_SQL.sqlite],
    postgres: [PROCESSED_EVENTS_TABLE_SQL.postgres],
  }),
  defineMigration({ timestamp: 1763700000500, name: 'CreateScanProjection', sql: PROJECTION }),
  defineMigration({ timestamp: 1766800000400, name: 'PasswordGateBuckets', sql: PASSWORD_GATE }),
];
