import { defineMigration } from '@qr/persistence';

/** Both dialects read the same here: BIGINT is INTEGER affinity in SQLite. */
const IDENTITY = [
  `CREATE TABLE workspaces (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    plan TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
  )`,
  `CREATE TABLE members (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL REFERENCES workspaces (id),
    email TEXT NOT NULL,
    role TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (workspace_id, email)
  )`,
  `CREATE TABLE api_keys (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL REFERENCES workspaces (id),
    name TEXT NOT NULL,
    role TEXT NOT NULL,
    key_hash TEXT NOT NULL UNIQUE,
    key_hint TEXT NOT NULL,
    created_by_key_id TEXT,
    created_at BIGINT NOT NULL,
    expires_at BIGINT,
    revoked_at BIGINT
  )`,
  `CREATE INDEX api_keys_workspace ON api_keys (workspace_id, id)`,
  `CREATE TABLE usage_counters (
    workspace_id TEXT NOT NULL,
    period TEXT NOT NULL,
    calls BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (workspace_id, period)
  )`,
  `CREATE TABLE dynamic_allowance (
    workspace_id TEXT PRIMARY KEY,
    used BIGINT NOT NULL DEFAULT 0
  )`,
];

/** Dashboard sign-in: passwords per email (one person, several workspaces), sessions, one-time links. */
const SESSIONS = [
  `CREATE TABLE accounts (
    email TEXT PRIMARY KEY,
    password_hash TEXT,
    password_changed_at BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
  )`,
  `CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    email TEXT NOT NULL,
    workspace_id TEXT NOT NULL REFERENCES workspaces (id),
    created_at BIGINT NOT NULL,
    last_seen_at BIGINT NOT NULL,
    revoked_at BIGINT,
    user_agent TEXT
  )`,
  `CREATE INDEX sessions_email ON sessions (email, id)`,
  `CREATE TABLE sign_in_links (
    id TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    email TEXT NOT NULL,
    workspace_id TEXT NOT NULL REFERENCES workspaces (id),
    purpose TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
  )`,
  `CREATE INDEX sign_in_links_email ON sign_in_links (email, workspace_id)`,
  `ALTER TABLE api_keys ADD COLUMN created_by_member_id TEXT`,
  `ALTER TABLE api_keys ADD COLUMN last_used_at BIGINT`,
];

/**
 * Counters that heal (docs/design/counters-that-heal.md): a version on each allowance counter, a hold per
 * create or delete in flight, and the periodic reconcile's claim, so a pass can tell a counter it
 * may correct from one an operation is still moving.
 */
const ALLOWANCE_HOLDS = [
  `ALTER TABLE dynamic_allowance ADD COLUMN version BIGINT NOT NULL DEFAULT 0`,
  `CREATE TABLE dynamic_allowance_holds (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    amount BIGINT NOT NULL,
    created_at BIGINT NOT NULL
  )`,
  `CREATE INDEX dynamic_allowance_holds_workspace ON dynamic_allowance_holds (workspace_id)`,
  `CREATE INDEX dynamic_allowance_holds_created ON dynamic_allowance_holds (created_at)`,
  `CREATE TABLE gateway_jobs (
    name TEXT PRIMARY KEY,
    claimed_at BIGINT NOT NULL
  )`,
];

/**
 * Teams (docs/design/teams-and-history.md): when each member last signed in, and the workspace's
 * audit log: who did what to keys, webhook endpoints, members and domains. Rows are only ever added.
 */
const TEAMS = [
  `ALTER TABLE members ADD COLUMN last_sign_in_at BIGINT`,
  `CREATE TABLE audit_log (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL REFERENCES workspaces (id),
    action TEXT NOT NULL,
    target_type TEXT NOT NULL,
    target_id TEXT NOT NULL,
    target_name TEXT,
    actor_kind TEXT NOT NULL,
    actor_id TEXT,
    actor_name TEXT,
    via TEXT NOT NULL,
    request_id TEXT,
    details TEXT,
    occurred_at BIGINT NOT NULL
  )`,
  `CREATE INDEX audit_log_workspace ON audit_log (workspace_id, id)`,
];

export const GATEWAY_MIGRATIONS = [
  defineMigration({ timestamp: 1763700000100, name: 'CreateIdentityAndQuota', sqlite: IDENTITY, postgres: IDENTITY }),
  defineMigration({ timestamp: 1764000000100, name: 'CreateDashboardSessions', sqlite: SESSIONS, postgres: SESSIONS }),
  defineMigration({ timestamp: 1764100000100, name: 'DynamicAllowanceHolds', sqlite: ALLOWANCE_HOLDS, postgres: ALLOWANCE_HOLDS }),
  defineMigration({ timestamp: 1764200000100, name: 'TeamsAndAuditLog', sqlite: TEAMS, postgres: TEAMS }),
];
