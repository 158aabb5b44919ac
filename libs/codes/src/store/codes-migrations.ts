import { OUTBOX_DROP_EVENT_ID_INDEX_SQL, OUTBOX_EVENT_COUNT_SQL, OUTBOX_TABLE_SQL } from '@qr/event-log';
import { defineMigration } from '@qr/persistence';

/**
 * qr-service tables. Timestamps are epoch ms; JSON columns are TEXT. A deleted code keeps its row
 * (its short code is never reused) but gives its client_ref back, so the ref can name a new code.
 */
const CODES = [
  `CREATE TABLE qr_codes (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    name TEXT NOT NULL,
    type TEXT NOT NULL,
    category TEXT NOT NULL,
    status TEXT NOT NULL,
    content TEXT NOT NULL,
    destinations TEXT NOT NULL,
    client_ref TEXT,
    short_code TEXT UNIQUE,
    preview_token TEXT NOT NULL UNIQUE,
    utm_source TEXT, utm_medium TEXT, utm_campaign TEXT, utm_term TEXT, utm_content TEXT,
    start_at BIGINT, end_at BIGINT,
    daily_start TEXT, daily_end TEXT, daily_days TEXT,
    timezone TEXT NOT NULL,
    scan_limit BIGINT,
    scan_count BIGINT NOT NULL DEFAULT 0,
    fallback_url TEXT,
    folder_id TEXT,
    custom_domain_id TEXT,
    revision INTEGER NOT NULL DEFAULT 1,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    deleted_at BIGINT
  )`,
  `CREATE UNIQUE INDEX qr_codes_client_ref ON qr_codes (workspace_id, client_ref) WHERE client_ref IS NOT NULL`,
  `CREATE INDEX qr_codes_workspace ON qr_codes (workspace_id, id)`,
  `CREATE TABLE folders (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    name TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (workspace_id, name)
  )`,
  `CREATE TABLE custom_domains (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    hostname TEXT NOT NULL UNIQUE,
    verification_token TEXT NOT NULL,
    status TEXT NOT NULL,
    last_checked_at BIGINT,
    last_error TEXT,
    verified_at BIGINT,
    created_at BIGINT NOT NULL
  )`,
  `CREATE INDEX custom_domains_workspace ON custom_domains (workspace_id, id)`,
];

/** Every change to a code, written with its event (docs/design/teams-and-history.md); kept after the code is deleted. */
const HISTORY = [
  `CREATE TABLE code_history (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    qr_id TEXT NOT NULL,
    revision BIGINT NOT NULL,
    event_id TEXT NOT NULL,
    action TEXT NOT NULL,
    changes TEXT NOT NULL,
    actor_kind TEXT NOT NULL,
    actor_id TEXT,
    actor_name TEXT,
    via TEXT NOT NULL,
    request_id TEXT,
    occurred_at BIGINT NOT NULL,
    UNIQUE (workspace_id, qr_id, revision)
  )`,
];

/** A code's design (JSON; null = the default look). */
const DESIGN = [`ALTER TABLE qr_codes ADD COLUMN design TEXT`];

/** Logos of a workspace: PNGs we encoded (docs/api.md, "Logos"), base64 so both dialects store them alike. */
const LOGOS = [
  `CREATE TABLE logos (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    name TEXT NOT NULL,
    source_type TEXT NOT NULL,
    source_bytes INTEGER NOT NULL,
    width INTEGER NOT NULL,
    height INTEGER NOT NULL,
    png_base64 TEXT NOT NULL,
    created_at BIGINT NOT NULL
  )`,
  `CREATE INDEX logos_workspace ON logos (workspace_id, id)`,
];

/** Brand presets: named designs codes refer to; a code that does keeps only its overrides in `design`. */
const DESIGN_PRESETS = [
  `CREATE TABLE design_presets (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    name TEXT NOT NULL,
    design TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    UNIQUE (workspace_id, name)
  )`,
  `ALTER TABLE qr_codes ADD COLUMN design_preset_id TEXT`,
];

/**
 * A short code is unique per domain (the custom domain, or the default host for codes without one),
 * not across all of them: two domains may each have `/promo` (docs/design/switching.md). The index
 * holds deleted codes too, so a deleted code's path is never served by another code. SQLite cannot
 * drop a column's UNIQUE, so the table is copied into one without it.
 */
const SHORT_CODE_INDEX = `CREATE UNIQUE INDEX qr_codes_short_code ON qr_codes (COALESCE(custom_domain_id, ''), short_code) WHERE short_code IS NOT NULL`;
const SHORT_CODE_PER_DOMAIN_SQLITE = [
  CODES[0].replace('CREATE TABLE qr_codes', 'CREATE TABLE qr_codes_per_domain').replace('short_code TEXT UNIQUE', 'short_code TEXT'),
  `ALTER TABLE qr_codes_per_domain ADD COLUMN design TEXT`,
  `ALTER TABLE qr_codes_per_domain ADD COLUMN design_preset_id TEXT`,
  `INSERT INTO qr_codes_per_domain SELECT * FROM qr_codes`,
  `DROP TABLE qr_codes`,
  `ALTER TABLE qr_codes_per_domain RENAME TO qr_codes`,
  CODES[1],
  CODES[2],
  SHORT_CODE_INDEX,
];
const SHORT_CODE_PER_DOMAIN_POSTGRES = [`ALTER TABLE qr_codes DROP CONSTRAINT qr_codes_short_code_key`, SHORT_CODE_INDEX];
/** One live gs1 code per host and Digital Link path (libs/codes/src/codes/gs1-keys.ts); host '' is the default host. */
const GS1_KEYS = [
  `CREATE TABLE gs1_keys (
    host TEXT NOT NULL,
    path TEXT NOT NULL,
    qr_id TEXT NOT NULL UNIQUE,
    PRIMARY KEY (host, path)
  )`,
];
/** A dynamic code's password, as the members' slow hash (`scrypt$…`); null when scans open freely. */
const CODE_PASSWORD = [`ALTER TABLE qr_codes ADD COLUMN password_hash TEXT`];

export const QR_MIGRATIONS = [
  defineMigration({ timestamp: 1763700000205, name: 'CreateCodesMessaging', sqlite: [OUTBOX_TABLE_SQL.sqlite], postgres: [OUTBOX_TABLE_SQL.postgres] }),
  defineMigration({ timestamp: 1763700000300, name: 'CreateCodesFoldersDomains', sql: CODES }),
  defineMigration({ timestamp: 1763700000500, name: 'OutboxWithoutEventIdIndex', ...OUTBOX_DROP_EVENT_ID_INDEX_SQL }),
  defineMigration({ timestamp: 1765200000000, name: 'OutboxEventCount', ...OUTBOX_EVENT_COUNT_SQL }),
  defineMigration({ timestamp: 1765300000000, name: 'CodeHistory', sql: HISTORY }),
  defineMigration({ timestamp: 1765400000000, name: 'CodeDesign', sql: DESIGN }),
  defineMigration({ timestamp: 1765400000100, name: 'Logos', sql: LOGOS }),
  defineMigration({ timestamp: 1765400000200, name: 'DesignPresets', sql: DESIGN_PRESETS }),
  defineMigration({ timestamp: 1766800000000, name: 'ShortCodePerDomain', sqlite: SHORT_CODE_PER_DOMAIN_SQLITE, postgres: SHORT_CODE_PER_DOMAIN_POSTGRES }),
  defineMigration({ timestamp: 1766800000100, name: 'Gs1Keys', sql: GS1_KEYS }),
  defineMigration({ timestamp: 1766800000200, name: 'CodePassword', sql: CODE_PASSWORD }),
];
