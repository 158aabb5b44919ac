import 'reflect-metadata';
import { text } from 'node:stream/consumers';
import { ApiError, formatUtc, isRole, normalizeEmail, OPERATOR_ACTOR, parseDuration, parseRfc3339, silentLog } from '@qr/domain';
import { type AuditAction } from '@qr/api-contract';
import { KafkaEventLog, openEventLog } from '@qr/event-log';
import { AllowanceReconcile } from '@qr/gateway';
import {
  AddMember,
  ApiKeysRepository,
  AuditLogRepository,
  CreateApiKey,
  GATEWAY_STORE_SPEC,
  IssueSignInLink,
  Members,
  Passwords,
  Workspaces,
} from '@qr/identity';
import { checkNewPassword } from '@qr/session-rules';
import { ANALYTICS_STORE_SPEC, rebuildProjection } from '@qr/analytics';
import { liveDynamicCounts, QR_STORE_SPEC } from '@qr/codes';
import { QR_COMMANDS } from '@qr/contracts';
import { type Database, type Tx } from '@qr/persistence';
import { CommandRegistry, ConfigError, DEPLOYABLES, InProcessCommandBus, loadRuntimeConfig, type RuntimeConfig } from '@qr/platform';
import { ResealSecrets, WEBHOOKS_STORE_SPEC } from '@qr/webhooks';
import { backup, BackupError, openStore, restore, secretsRingOf, SERVICE_STORE_SPECS, withStores } from './backup';
import { importLinks } from './import-links';
import { type CliArgs, parseCliArgs, requireFlag, UsageError } from './cli-args';

const USAGE = `usage: npm run admin -- <command> [--json]
  migrate                                              apply every service's migrations and the event log's
  analytics rebuild                                    drop the scan projection and replay the event log into it
  reconcile [--workspace ws_…]                         recompute the dynamic allowance counters from the live dynamic codes
  workspace create --name N --plan free|starter|pro|agency
  workspace set-plan --workspace ws_… --plan P
  member add --workspace ws_… --email E --role owner|editor|viewer [--password-stdin]
  member invite --workspace ws_… --email E [--role R] [--expires-in 72h]   prints a one-time sign-in link
  member list --workspace ws_…
  member set-role --workspace ws_… --email E --role R
  member remove --workspace ws_… --email E                ends their sessions there, revokes the keys they made
  member sign-out --email E                               ends every dashboard session of that email
  key create --workspace ws_… --name N [--role owner|editor|viewer] [--expires-at RFC3339]
  key revoke --workspace ws_… --key key_…
  secrets reseal [--batch 100]                          seal every webhook secret again with the newest key of SECRETS_KEYS; reports what each key still seals
  secrets status                                        how many webhook secrets each key of SECRETS_KEYS seals
  backup --to DIR [--with-secrets-key]                  every store as at one instant, while the server serves (SQLite files, or pg_dump)
  restore --from DIR                                    into an empty DATA_DIR or a new database; checks the backup and the secrets key first
  import links --workspace ws_… --format bitly|shlink|kutt|yourls|dub --file F [--domain D] [--dry-run]
                                                       another shortener's links at their old domain and path; --domain for links whose export names none
Reads the same environment as the server (DATA_DIR, DATABASE_URL…), so it works while the server runs.`;

type Output = Record<string, unknown>;

async function run(args: CliArgs, config: RuntimeConfig): Promise<Output> {
  const [group, action] = args.command;
  const f = args.flags;
  if (group === 'migrate') return migrateAll(config);
  if (group === 'analytics' && action === 'rebuild') return rebuildAnalytics(config);
  if (group === 'reconcile' && action === undefined) return reconcileAllowance(config, f);
  if (group === 'secrets' && (action === 'reseal' || action === 'status')) return resealSecrets(config, f, action === 'status');
  if (group === 'backup' && action === undefined) return backup(config, requireFlag(f, 'to'), { withSecretsKey: f['with-secrets-key'] === true });
  if (group === 'restore' && action === undefined) return restore(config, requireFlag(f, 'from'));
  if (group === 'import' && action === 'links') return importLinks(config, f);
  return withStores(config, [GATEWAY_STORE_SPEC], async ([db]) => {
    switch (`${group} ${action}`) {
      case 'workspace create': {
        const ws = await new Workspaces(db).create({ name: requireFlag(f, 'name'), plan: requireFlag(f, 'plan') });
        return { id: ws.id, name: ws.name, plan: ws.plan };
      }
      case 'workspace set-plan': {
        const ws = await new Workspaces(db).setPlan({ workspaceId: requireFlag(f, 'workspace'), plan: requireFlag(f, 'plan') });
        return { id: ws.id, name: ws.name, plan: ws.plan };
      }
      case 'member add':
        return await addMember(db, f);
      case 'member invite': {
        const lifetimeMs = f['expires-in'] === undefined ? undefined : parseDuration(f['expires-in']);
        if (lifetimeMs === null) throw new UsageError('--expires-in must be a duration like 30m, 72h or 7d');
        const role = typeof f.role === 'string' ? f.role : undefined;
        const issued = await new IssueSignInLink(db, config.publicBaseUrl).execute({
          workspaceId: requireFlag(f, 'workspace'),
          email: requireFlag(f, 'email'),
          role,
          lifetimeMs,
        });
        if (issued.addedMember) await audit(db, issued.member.workspace_id, 'member.invited', issued.member, { role: issued.member.role });
        return {
          url: issued.url,
          email: issued.member.email,
          role: issued.member.role,
          new_member: issued.addedMember,
          expires_at: formatUtc(new Date(issued.link.expires_at)),
        };
      }
      case 'member list': {
        const members = await new Members(db).list(requireFlag(f, 'workspace'));
        return { members: members.map((m) => ({ email: m.email, role: m.role, added_at: formatUtc(new Date(Number(m.created_at))) })) };
      }
      case 'member set-role': {
        const workspaceId = requireFlag(f, 'workspace');
        const { member, keysRevoked } = await new Members(db).setRole(workspaceId, requireFlag(f, 'email'), requireFlag(f, 'role'), (tx, changed) =>
          audit(db, workspaceId, 'member.role_changed', changed, { to: changed.role }, tx),
        );
        return { email: member.email, role: member.role, api_keys_revoked: keysRevoked };
      }
      case 'member remove': {
        const workspaceId = requireFlag(f, 'workspace');
        const ended = await new Members(db).remove(workspaceId, requireFlag(f, 'email'), (tx, leaving) =>
          audit(db, workspaceId, 'member.removed', leaving, { role: leaving.role }, tx),
        );
        return { removed: f.email, sessions_ended: ended.sessionsEnded, api_keys_revoked: ended.keysRevoked };
      }
      case 'member sign-out':
        return { email: f.email, sessions_ended: (await new Members(db).signOutEverywhere(requireFlag(f, 'email'))).sessionsEnded };
      case 'key create':
        return await createKey(db, f);
      case 'key revoke': {
        const workspaceId = requireFlag(f, 'workspace');
        const revoked = await new ApiKeysRepository(db).revoke(workspaceId, requireFlag(f, 'key'), Date.now(), {
          actor: OPERATOR_ACTOR,
          log: new AuditLogRepository(db),
        });
        if (!revoked) throw new ApiError(404, 'not_found', 'Not found', 'No such live key in that workspace.');
        return { id: f.key, revoked: true };
      }
      default:
        throw new UsageError(`unknown command: ${args.command.join(' ') || '(none)'}`);
    }
  });
}

/** With --password-stdin the password is read from standard input (one trailing newline dropped), never from argv. */
async function addMember(db: Database, f: CliArgs['flags']): Promise<Output> {
  const input = { workspaceId: requireFlag(f, 'workspace'), email: requireFlag(f, 'email'), role: requireFlag(f, 'role') };
  const password = f['password-stdin'] === true ? await readStdin() : null;
  // Checked before the member is added, so a refused password leaves nothing half done.
  const problems = password === null ? [] : checkNewPassword(password, normalizeEmail(input.email), '/password');
  if (problems.length) throw new ApiError(422, 'validation_failed', 'Validation failed', `password: ${problems[0].detail}`, problems);
  const m = await new AddMember(db).execute(input);
  if (password !== null) await new Passwords(db).set(m.email, password);
  return { id: m.id, workspace_id: m.workspace_id, email: m.email, role: m.role, password_set: password !== null };
}

/** The CLI's member changes go into the workspace's audit log too, as the operator's. */
function audit(db: Database, workspaceId: string, action: AuditAction, member: { id: string; email: string }, details: Record<string, unknown>, tx?: Tx) {
  return new AuditLogRepository(db).recordMember(workspaceId, OPERATOR_ACTOR, action, member, details, tx);
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Password (then Enter, then Ctrl-D): ');
  return (await text(process.stdin)).replace(/\r?\n$/, '');
}

async function createKey(db: Database, f: CliArgs['flags']): Promise<Output> {
  const role = typeof f.role === 'string' ? f.role : 'editor';
  if (!isRole(role)) throw new UsageError('--role must be owner, editor or viewer');
  const expiresAt = typeof f['expires-at'] === 'string' ? parseRfc3339(f['expires-at']) : null;
  if (f['expires-at'] !== undefined && !expiresAt) throw new UsageError('--expires-at must be RFC 3339 with an offset');
  const created = await new CreateApiKey(db).execute({
    workspaceId: requireFlag(f, 'workspace'),
    name: requireFlag(f, 'name'),
    role,
    expiresAt,
    audit: { actor: OPERATOR_ACTOR, log: new AuditLogRepository(db) },
  });
  return {
    id: created.record.id,
    secret: created.secret,
    workspace_id: created.record.workspace_id,
    name: created.record.name,
    role: created.record.role,
    expires_at: created.record.expires_at === null ? null : formatUtc(new Date(created.record.expires_at)),
  };
}

async function migrateAll(config: RuntimeConfig): Promise<Output> {
  for (const spec of SERVICE_STORE_SPECS) {
    await (await openStore(config, spec)).close();
  }
  const log = await adminEventLog(config);
  try {
    // Kafka: the topics, with EVENT_LOG_PARTITIONS partitions each (the services create them too, in the background).
    if (log instanceof KafkaEventLog) await log.ensureTopics();
  } finally {
    await log.close();
  }
  return { migrated: [...SERVICE_STORE_SPECS.map((s) => s.name), log.transport === 'kafka' ? 'kafka topics' : 'eventlog'] };
}

/** The deployment's event log, migrated, as the admin CLI's client. */
function adminEventLog(config: RuntimeConfig) {
  const { eventTransport: transport, storage, eventLogPartitions: partitions } = config;
  return openEventLog({ transport, storage, runMigrations: true, clientId: 'admin-cli', log: silentLog, partitions });
}

/** The running analytics-service (if any) replays at once; otherwise it replays when it starts. */
async function rebuildAnalytics(config: RuntimeConfig): Promise<Output> {
  const db = await openStore(config, ANALYTICS_STORE_SPEC);
  const log = await adminEventLog(config);
  try {
    await rebuildProjection(db, log);
    return { rebuilt: 'analytics', replay: 'from the start of the event log' };
  } finally {
    await log.close();
    await db.close();
  }
}

/**
 * The same reconcile the gateways run, against the same stores: the gateway's, and qr-service's
 * for the count. Like `analytics rebuild`, the CLI opens each store it needs itself (the servers
 * need not be up); the count goes through the same command handler qr-service answers, in process.
 */
async function reconcileAllowance(config: RuntimeConfig, f: CliArgs['flags']): Promise<Output> {
  const workspaceId = f.workspace === undefined ? undefined : requireFlag(f, 'workspace');
  return withStores(config, [GATEWAY_STORE_SPEC, QR_STORE_SPEC], async ([gateway, codes]) => {
    const commands = new CommandRegistry();
    commands.register(QR_COMMANDS.liveDynamicCounts, (payload) => liveDynamicCounts(codes, payload));
    const report = await new AllowanceReconcile(gateway, new InProcessCommandBus(commands), { holdTimeoutMs: config.allowanceHoldTimeoutMs }).run({
      workspaceId,
    });
    return { ...report };
  });
}

/**
 * Re-seals webhook secrets with the newest key (or, with `status`, only counts). It opens the
 * webhooks store with the same key ring the dispatcher reads (SECRETS_KEYS, or all-in-one's key file).
 */
async function resealSecrets(config: RuntimeConfig, f: CliArgs['flags'], countOnly: boolean): Promise<Output> {
  const batch = f.batch === undefined ? 100 : Number(f.batch);
  if (!Number.isInteger(batch) || batch < 1 || batch > 10_000) throw new UsageError('--batch must be an integer from 1 to 10000');
  const box = secretsRingOf(config);
  return withStores(config, [WEBHOOKS_STORE_SPEC], async ([db]) => {
    const reseal = new ResealSecrets(db, box);
    if (countOnly) return { keys: await reseal.census() };
    const report = await reseal.run({ batchSize: batch });
    return { ...report };
  });
}

/** One list entry in the text output: an object's values side by side. */
function textOf(value: unknown): string {
  return value !== null && typeof value === 'object' ? Object.values(value).join(' ') : String(value);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  // Read before parsing, so that arguments refused as a usage error still answer in JSON when asked to.
  const json = argv.includes('--json');
  try {
    const args = parseCliArgs(argv);
    if (args.command.length === 0 || args.flags.help) {
      process.stdout.write(`${USAGE}\n`);
      return;
    }
    // The CLI needs only storage settings, so it validates as the all-in-one process does.
    const config = loadRuntimeConfig(process.env, DEPLOYABLES);
    const out = await run(args, config);
    process.stdout.write(
      json
        ? `${JSON.stringify(out)}\n`
        : `${Object.entries(out)
            .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.map(textOf).join(', ') : v !== null && typeof v === 'object' ? JSON.stringify(v) : v}`)
            .join('\n')}\n`,
    );
  } catch (err) {
    process.exitCode = err instanceof UsageError ? 64 : 1;
    const error =
      err instanceof ApiError
        ? { code: err.code, detail: err.detail, errors: err.errors }
        : err instanceof UsageError || err instanceof ConfigError
          ? { code: 'usage', detail: err.message }
          : err instanceof BackupError
            ? { code: 'refused', detail: err.message }
            : { code: 'internal_error', detail: err instanceof Error ? err.message : String(err) };
    process.stderr.write(`error: ${error.detail}${error.code === 'usage' ? `\n${USAGE}` : ''}\n`);
    if (json) process.stdout.write(`${JSON.stringify({ error })}\n`);
  }
}

void main();
