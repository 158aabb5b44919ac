import { OUTBOX_DROP_EVENT_ID_INDEX_SQL, OUTBOX_EVENT_COUNT_SQL, OUTBOX_TABLE_SQL, PROCESSED_EVENTS_TABLE_SQL } from '@qr/event-log';
import { defineMigration } from '@qr/persistence';

/**
 * redirect-service owns the routing table (`links`, one row per dynamic code, kept from qr-service's
 * snapshots by revision), the authoritative scan count, leads, and the daily salts for unique counts.
 */
const LINKS = [
  `CREATE TABLE links (
    qr_id TEXT PRIMARY KEY,
    short_code TEXT NOT NULL UNIQUE,
    workspace_id TEXT NOT NULL,
    client_ref TEXT,
    domain_host TEXT,
    type TEXT NOT NULL,
    status TEXT NOT NULL,
    content TEXT NOT NULL,
    destinations TEXT NOT NULL,
    utm TEXT NOT NULL,
    fallback_url TEXT,
    start_at BIGINT, end_at BIGINT,
    daily_start TEXT, daily_end TEXT, daily_days TEXT,
    timezone TEXT NOT NULL,
    scan_limit BIGINT,
    scan_count BIGINT NOT NULL DEFAULT 0,
    deleted_at BIGINT,
    revision INTEGER NOT NULL,
    updated_at BIGINT NOT NULL
  )`,
  `CREATE TABLE leads (
    id TEXT PRIMARY KEY,
    qr_id TEXT NOT NULL,
    workspace_id TEXT NOT NULL,
    fields TEXT NOT NULL,
    created_at BIGINT NOT NULL
  )`,
  `CREATE INDEX leads_qr ON leads (qr_id, created_at)`,
  `CREATE TABLE daily_salts (
    day TEXT PRIMARY KEY,
    salt TEXT NOT NULL
  )`,
];

/** A protected code's password hash (`scrypt$…`, from qr-service's snapshot): scans check passwords against it. */
const LINK_PASSWORD = [`ALTER TABLE links ADD COLUMN password_hash TEXT`];

export const REDIRECT_MIGRATIONS = [
  defineMigration({
    timestamp: 1763700000213,
    name: 'CreateRedirectMessaging',
    sqlite: [OUTBOX_TABLE_SQL.sqlite, PROCESSED_EVENTS_TABLE_SQL.sqlite],
    postgres: [OUTBOX_TABLE_SQL.postgres, PROCESSED_EVENTS_TABLE_SQL.postgres],
  }),
  defineMigration({ timestamp: 1763700000400, name: 'CreateLinksLeadsSalts', sqlite: LINKS, postgres: LINKS }),
  defineMigration({ timestamp: 1763700000500, name: 'OutboxWithoutEventIdIndex', ...OUTBOX_DROP_EVENT_ID_INDEX_SQL }),
  defineMigration({ timestamp: 1765200000000, name: 'OutboxEventCount', ...OUTBOX_EVENT_COUNT_SQL }),
  defineMigration({ timestamp: 1766400000420, name: 'LinkPassword', sqlite: LINK_PASSWORD, postgres: LINK_PASSWORD }),
];
