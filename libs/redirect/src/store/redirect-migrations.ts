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

/**
 * Links are looked up by route key (`routeKey`: the short code on the default host, `host/short_code`
 * on a custom domain), since a short code is unique per domain only. SQLite cannot drop a column's
 * UNIQUE, so the table is copied into one without it.
 */
const ROUTE_KEY_OF_ROW = `CASE WHEN domain_host IS NULL THEN short_code ELSE domain_host || '/' || short_code END`;
const ROUTE_KEY_SQLITE = [
  LINKS[0]
    .replace('CREATE TABLE links', 'CREATE TABLE links_by_route')
    .replace('short_code TEXT NOT NULL UNIQUE,', 'short_code TEXT NOT NULL,\n    route_key TEXT NOT NULL UNIQUE,'),
  `INSERT INTO links_by_route SELECT qr_id, short_code, ${ROUTE_KEY_OF_ROW}, workspace_id, client_ref, domain_host, type, status, content, destinations, utm, fallback_url,
     start_at, end_at, daily_start, daily_end, daily_days, timezone, scan_limit, scan_count, deleted_at, revision, updated_at FROM links`,
  `DROP TABLE links`,
  `ALTER TABLE links_by_route RENAME TO links`,
];
const ROUTE_KEY_POSTGRES = [
  `ALTER TABLE links ADD COLUMN route_key TEXT`,
  `UPDATE links SET route_key = ${ROUTE_KEY_OF_ROW}`,
  `ALTER TABLE links ALTER COLUMN route_key SET NOT NULL`,
  `ALTER TABLE links DROP CONSTRAINT links_short_code_key`,
  `CREATE UNIQUE INDEX links_route_key ON links (route_key)`,
];
/** The GS1 resolver looks gs1 codes up by host and Digital Link path (libs/redirect/src/http/gs1-resolver.route.ts). */
const GS1_PATHS = [`ALTER TABLE links ADD COLUMN gs1_path TEXT`, `CREATE INDEX links_gs1_path ON links (gs1_path) WHERE gs1_path IS NOT NULL`];
/** A protected code's password hash (`scrypt$…`, from qr-service's snapshot): scans check passwords against it. */
const LINK_PASSWORD = [`ALTER TABLE links ADD COLUMN password_hash TEXT`];

export const REDIRECT_MIGRATIONS = [
  defineMigration({
    timestamp: 1763700000213,
    name: 'CreateRedirectMessaging',
    sqlite: [OUTBOX_TABLE_SQL.sqlite, PROCESSED_EVENTS_TABLE_SQL.sqlite],
    postgres: [OUTBOX_TABLE_SQL.postgres, PROCESSED_EVENTS_TABLE_SQL.postgres],
  }),
  defineMigration({ timestamp: 1763700000400, name: 'CreateLinksLeadsSalts', sql: LINKS }),
  defineMigration({ timestamp: 1763700000500, name: 'OutboxWithoutEventIdIndex', ...OUTBOX_DROP_EVENT_ID_INDEX_SQL }),
  defineMigration({ timestamp: 1765200000000, name: 'OutboxEventCount', ...OUTBOX_EVENT_COUNT_SQL }),
  defineMigration({ timestamp: 1766800000000, name: 'LinksByRouteKey', sqlite: ROUTE_KEY_SQLITE, postgres: ROUTE_KEY_POSTGRES }),
  defineMigration({ timestamp: 1766800000100, name: 'LinksGs1Path', sql: GS1_PATHS }),
  defineMigration({ timestamp: 1766800000200, name: 'LinkPassword', sql: LINK_PASSWORD }),
];
