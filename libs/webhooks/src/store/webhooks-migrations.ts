import { PROCESSED_EVENTS_TABLE_SQL } from '@qr/event-log';
import { defineMigration } from '@qr/persistence';

/**
 * Endpoints (secrets sealed with AES-GCM, never in clear), deliveries (one per endpoint and event:
 * the unique key makes fan-out idempotent; the body is stored once so every attempt sends the same
 * bytes), and the attempt log.
 */
const WEBHOOKS = [
  `CREATE TABLE webhook_endpoints (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    url TEXT NOT NULL,
    description TEXT,
    events TEXT NOT NULL,
    status TEXT NOT NULL,
    disabled_reason TEXT,
    secret_sealed TEXT NOT NULL,
    previous_secret_sealed TEXT,
    previous_secret_expires_at BIGINT,
    failing_since BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    deleted_at BIGINT
  )`,
  `CREATE INDEX webhook_endpoints_workspace ON webhook_endpoints (workspace_id, id)`,
  `CREATE TABLE webhook_deliveries (
    id TEXT PRIMARY KEY,
    endpoint_id TEXT NOT NULL,
    workspace_id TEXT NOT NULL,
    event_id TEXT NOT NULL,
    event_type TEXT NOT NULL,
    body TEXT NOT NULL,
    status TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at BIGINT,
    lease_until BIGINT,
    last_attempt_at BIGINT,
    last_status_code INTEGER,
    last_error TEXT,
    last_duration_ms INTEGER,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    UNIQUE (endpoint_id, event_id)
  )`,
  `CREATE INDEX webhook_deliveries_due ON webhook_deliveries (status, next_attempt_at)`,
  `CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, id)`,
  `CREATE TABLE webhook_attempts (
    delivery_id TEXT NOT NULL,
    attempt INTEGER NOT NULL,
    attempted_at BIGINT NOT NULL,
    status_code INTEGER,
    error TEXT,
    duration_ms INTEGER,
    PRIMARY KEY (delivery_id, attempt)
  )`,
];

export const WEBHOOKS_MIGRATIONS = [
  defineMigration({
    timestamp: 1763700000215,
    name: 'CreateWebhooksMessaging',
    sqlite: [PROCESSED_EVENTS_TABLE_SQL.sqlite],
    postgres: [PROCESSED_EVENTS_TABLE_SQL.postgres],
  }),
  defineMigration({ timestamp: 1763700000600, name: 'CreateWebhookTables', sqlite: WEBHOOKS, postgres: WEBHOOKS }),
];
