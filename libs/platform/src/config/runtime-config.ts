import { resolve } from 'node:path';
import { z } from 'zod';
import { isEmailAddress, normalizeEmail, parseDuration } from '@qr/domain';

/**
 * Every environment variable the platform reads, validated once at boot, before Nest starts.
 * docs/configuration.md documents the same list; keep them together.
 */
const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const duration = z.string().refine((v) => parseDuration(v) !== null, 'a duration like 5s, 5m, 2h, 7d');

const cidr = z.string().regex(/^[0-9a-fA-F:.]+\/\d{1,3}$/, 'a CIDR like 127.0.0.0/8');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'letters, digits and _ : . - (at most 64)')
    .default('qr:'),
  KAFKA_BROKERS: z
    .string()
    .regex(/^[^,\s]+(\s*,\s*[^,\s]+)*$/, 'comma-separated host:port list')
    .optional(),
  KAFKA_PREFIX: z
    .string()
    .regex(/^[\w.-]{0,64}$/, 'letters, digits and _ . - (at most 64)')
    .default(''),
  KAFKA_SESSION_TIMEOUT: duration.default('10s'),
  EVENT_LOG_PARTITIONS: z.coerce.number().int().min(1).max(1024).optional(),
  PUBLIC_BASE_URL: z.string().url().optional(),
  SHORT_BASE_URL: z.string().url().optional(),
  TRUST_PROXY: bool.default('false'),
  GEO_HEADER: z.string().optional(),
  WEBHOOK_ALLOWED_CIDRS: z.string().default(''),
  WEBHOOK_RETRY_SCHEDULE: z.string().default('5s,5m,30m,2h,5h,10h,10h'),
  BOOTSTRAP_PLAN: z.enum(['free', 'starter', 'pro', 'agency']).default('agency'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  // docs/configuration.md's second table: lone deployables' wiring, storage, secrets, sessions, mail and tuning.
  INTERNAL_TOKEN: z.string().min(16).optional(),
  QR_SERVICE_URL: z.string().url().optional(),
  REDIRECT_SERVICE_URL: z.string().url().optional(),
  ANALYTICS_SERVICE_URL: z.string().url().optional(),
  WEBHOOK_DISPATCHER_URL: z.string().url().optional(),
  SQLITE_SYNCHRONOUS: z.enum(['NORMAL', 'FULL']).default('NORMAL'),
  MIGRATE_ON_START: bool.default('true'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(20000),
  MAX_BODY_BYTES: z.coerce.number().int().positive().default(1_048_576),
  IMAGE_CACHE_BYTES: z.coerce.number().int().min(0).default(67_108_864),
  SECRETS_KEY: z.string().min(32).optional(),
  SECRETS_KEYS: z
    .string()
    .regex(/^[^,\s]{32,}(,[^,\s]{32,})*$/, 'a comma-separated list of keys (32 random bytes each, base64 or hex), newest first')
    .optional(),
  DNS_RESOLVER: z
    .string()
    .regex(/^[^,\s]+(,[^,\s]+)*$/, 'comma-separated host[:port] list')
    .optional(),
  SESSION_IDLE_TIMEOUT: duration.default('8h'),
  SESSION_MAX_AGE: duration.default('7d'),
  BOOTSTRAP_OWNER_EMAIL: z
    .string()
    .refine((v) => isEmailAddress(normalizeEmail(v)), 'an email address')
    .default('owner@localhost'),
  DASHBOARD_DIR: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'smtp://[user:password@]host[:port] or smtps://…')
    .optional(),
  SMTP_FROM: z.string().min(3).optional(),
  ALLOWANCE_RECONCILE_INTERVAL: z.union([z.literal('off'), duration]).default('10m'),
  ALLOWANCE_HOLD_TIMEOUT: duration.default('5m'),
  TLS_ASK_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  TLS_ASK_HOST: z.string().default('127.0.0.1'),
  // Fault injection for the end-to-end tests (docs/configuration.md): never set in production.
  TEST_FAULT: z.enum(['pause-after-allowance-reserve']).optional(),
});

/** Checks that span fields or lists; run on the raw values so every problem is reported at once. */
function crossFieldProblems(env: Record<string, string>, deployables: readonly Deployable[]): string[] {
  const problems: string[] = [];
  const allInOne = deployables.length === DEPLOYABLES.length;
  if (!allInOne && !env.KAFKA_BROKERS) {
    problems.push(
      `KAFKA_BROKERS: required when a deployable runs on its own (${deployables.join(', ')}): distributed mode's events go through Kafka; set it to the brokers' host:port list (the embedded event log is all-in-one's only)`,
    );
  }
  for (const [i, c] of (env.WEBHOOK_ALLOWED_CIDRS ?? '').split(',').filter(Boolean).entries()) {
    if (!cidr.safeParse(c.trim()).success) problems.push(`WEBHOOK_ALLOWED_CIDRS.${i}: not a CIDR: ${c}`);
  }
  for (const [i, d] of (env.WEBHOOK_RETRY_SCHEDULE === undefined ? [] : env.WEBHOOK_RETRY_SCHEDULE.split(',')).entries()) {
    if (!duration.safeParse(d.trim()).success) problems.push(`WEBHOOK_RETRY_SCHEDULE.${i}: not a duration: ${d}`);
  }
  if (!allInOne && deployables.includes('webhook-dispatcher') && env.DATABASE_URL && !env.SECRETS_KEY && !env.SECRETS_KEYS) {
    problems.push('SECRETS_KEYS: required for webhook-dispatcher on PostgreSQL (32 random bytes, base64); webhook secrets are sealed with it');
  }
  if (env.SECRETS_KEY && env.SECRETS_KEYS) problems.push('SECRETS_KEYS: set it or SECRETS_KEY, not both (SECRETS_KEY is a ring of one key)');
  const idle = parseDuration(env.SESSION_IDLE_TIMEOUT ?? '8h');
  // last_seen_at is written once a minute: an idle limit near that would end sessions in use.
  if (idle !== null && idle < 5 * 60_000) problems.push('SESSION_IDLE_TIMEOUT: at least 5m (a session in use is seen once a minute)');
  const session = parseDuration(env.KAFKA_SESSION_TIMEOUT ?? '10s');
  // What a broker accepts by default (group.min.session.timeout.ms, group.max.session.timeout.ms).
  if (session !== null && (session < 6000 || session > 1_800_000))
    problems.push('KAFKA_SESSION_TIMEOUT: from 6s to 30m (the range a Kafka broker accepts by default)');
  const holdTimeout = parseDuration(env.ALLOWANCE_HOLD_TIMEOUT ?? '5m');
  // A hold lives as long as one create or delete (a command call, 10 s at most over HTTP); a timeout
  // that short would drop holds of operations still running.
  if (holdTimeout !== null && holdTimeout < 1000) problems.push('ALLOWANCE_HOLD_TIMEOUT: at least 1s');
  if (!allInOne && !env.INTERNAL_TOKEN)
    problems.push('INTERNAL_TOKEN: required when a deployable runs on its own (service-to-service calls are authenticated with it)');
  if (!allInOne && deployables.includes('api-gateway') && !env.QR_SERVICE_URL) problems.push('QR_SERVICE_URL: required for api-gateway outside all-in-one');
  if (!allInOne && deployables.includes('qr-service') && !env.REDIRECT_SERVICE_URL) {
    problems.push('REDIRECT_SERVICE_URL: required for qr-service outside all-in-one (it pushes code changes to redirect-service before answering)');
  }
  return problems;
}

export type Deployable = 'api-gateway' | 'qr-service' | 'redirect-service' | 'analytics-service' | 'webhook-dispatcher';
export const DEPLOYABLES: readonly Deployable[] = ['api-gateway', 'qr-service', 'redirect-service', 'analytics-service', 'webhook-dispatcher'];

/** What the environment says, checked; the docs on its fields are in loadRuntimeConfig. */
export type RuntimeConfig = ReturnType<typeof loadRuntimeConfig>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
}

export function loadRuntimeConfig(env: NodeJS.ProcessEnv, deployables: readonly Deployable[]) {
  const raw = stripEmpty(env);
  const parsed = envSchema.safeParse(raw);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`)),
    ...crossFieldProblems(raw, deployables),
  ];
  if (!parsed.success || problems.length) throw new ConfigError(problems);
  const e = parsed.data;
  const allInOne = deployables.length === DEPLOYABLES.length;

  const publicBaseUrl = trimSlash(e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`);
  return {
    /** Which deployables this process runs: all five in all-in-one. */
    deployables,
    allInOne,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    storage: e.DATABASE_URL
      ? { kind: 'postgres' as const, url: e.DATABASE_URL }
      : { kind: 'sqlite' as const, dataDir: resolve(e.DATA_DIR), synchronous: e.SQLITE_SYNCHRONOUS },
    redisUrl: e.REDIS_URL,
    /** Every Redis key this deployment writes starts with it, so deployments (and test runs) can share one Redis. */
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    /** Kafka when KAFKA_BROKERS is set (required for a lone deployable); else the embedded SQL log (all-in-one, the admin CLI on its data). */
    eventTransport: e.KAFKA_BROKERS
      ? { kind: 'kafka' as const, brokers: e.KAFKA_BROKERS.split(',').map((b) => b.trim()), prefix: e.KAFKA_PREFIX }
      : { kind: 'sql' as const },
    /** Partitions per topic of the event log; unset: 12 on PostgreSQL, 1 on SQLite (the SQL log fixes it at its first start). */
    eventLogPartitions: e.EVENT_LOG_PARTITIONS,
    /** Kafka: how long a consumer group keeps a silent member's partitions (`session.timeout.ms`). */
    kafkaSessionTimeoutMs: parseDuration(e.KAFKA_SESSION_TIMEOUT)!,
    publicBaseUrl,
    shortBaseUrl: trimSlash(e.SHORT_BASE_URL ?? publicBaseUrl),
    trustProxy: e.TRUST_PROXY,
    geoHeader: e.GEO_HEADER?.toLowerCase(),
    webhookAllowedCidrs: e.WEBHOOK_ALLOWED_CIDRS.split(',')
      .map((c) => c.trim())
      .filter(Boolean),
    /** Delays before each retry of a webhook delivery (docs/api.md, "Deliveries"); checked above, so each parses. */
    webhookRetryScheduleMs: e.WEBHOOK_RETRY_SCHEDULE.split(',').map((d) => parseDuration(d.trim())!),
    bootstrapPlan: e.BOOTSTRAP_PLAN,
    logLevel: e.LOG_LEVEL,
    internalToken: e.INTERNAL_TOKEN,
    serviceUrls: {
      'qr-service': e.QR_SERVICE_URL,
      'redirect-service': e.REDIRECT_SERVICE_URL,
      'analytics-service': e.ANALYTICS_SERVICE_URL,
      'webhook-dispatcher': e.WEBHOOK_DISPATCHER_URL,
    },
    migrateOnStart: e.MIGRATE_ON_START,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    maxBodyBytes: e.MAX_BODY_BYTES,
    /** qr-service's rendered images kept per process, in bytes (base64 bodies); 0 keeps none. */
    imageCacheBytes: e.IMAGE_CACHE_BYTES,
    /** DNS servers for custom-domain verification; the system resolver when unset. */
    dnsResolvers: e.DNS_RESOLVER?.split(','),
    /** Keys for sealing webhook secrets (base64/hex of 32 bytes), newest first; all-in-one creates a key file when unset. */
    secretsKeys: e.SECRETS_KEYS ? e.SECRETS_KEYS.split(',') : e.SECRETS_KEY ? [e.SECRETS_KEY] : undefined,
    /** Dashboard sessions: idle and absolute expiry, in milliseconds. */
    session: { idleMs: parseDuration(e.SESSION_IDLE_TIMEOUT)!, absoluteMs: parseDuration(e.SESSION_MAX_AGE)! },
    /** The owner member the first-run bootstrap creates (all-in-one). */
    bootstrapOwnerEmail: normalizeEmail(e.BOOTSTRAP_OWNER_EMAIL),
    /** The built dashboard (index.html and assets); the build's output when unset. */
    dashboardDir: e.DASHBOARD_DIR === undefined ? undefined : resolve(e.DASHBOARD_DIR),
    /** Invitation and password-reset email; without it the dashboard shows invitation links to copy. */
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.SMTP_FROM ?? `QR Platform <no-reply@${new URL(publicBaseUrl).hostname}>` } : null,
    /** Dynamic allowance reconcile: how often the gateway runs it (null: only at start and by the CLI). */
    allowanceReconcileIntervalMs: e.ALLOWANCE_RECONCILE_INTERVAL === 'off' ? null : parseDuration(e.ALLOWANCE_RECONCILE_INTERVAL),
    /** A create or delete holding its workspace's counter longer than this is taken for abandoned. */
    allowanceHoldTimeoutMs: parseDuration(e.ALLOWANCE_HOLD_TIMEOUT)!,
    /** Caddy's on-demand TLS `ask` listener (qr-service, all-in-one); null when TLS_ASK_PORT is unset. */
    tlsAsk: e.TLS_ASK_PORT === undefined ? null : { host: e.TLS_ASK_HOST, port: e.TLS_ASK_PORT },
    /** End-to-end tests only: a fault the gateway injects on purpose. */
    testFault: e.TEST_FAULT,
  };
}

function stripEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((kv): kv is [string, string] => kv[1] !== undefined && kv[1] !== ''));
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
