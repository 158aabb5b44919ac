import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  createReadStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import Sqlite from 'better-sqlite3';
import { ANALYTICS_STORE_SPEC } from '@qr/analytics';
import { QR_STORE_SPEC } from '@qr/codes';
import { EVENT_LOG_STORE_NAME } from '@qr/event-log';
import { GATEWAY_STORE_SPEC } from '@qr/identity';
import {
  copySnapshot,
  type Database,
  type MigrationClass,
  openDatabase,
  pgDump,
  pgRestore,
  pgRestoreTableText,
  schemaTables,
  serverVersion,
  sqliteFile,
} from '@qr/persistence';
import { type RuntimeConfig } from '@qr/platform';
import { REDIRECT_STORE_SPEC } from '@qr/redirect';
import { SECRETS_KEY_FILE, SecretBox, sealedKeyLabel, WEBHOOKS_STORE_SPEC } from '@qr/webhooks';
import { UsageError } from './cli-args';

/** The services' stores, in the order `migrate` opens them. */
export const SERVICE_STORE_SPECS = [GATEWAY_STORE_SPEC, QR_STORE_SPEC, REDIRECT_STORE_SPEC, ANALYTICS_STORE_SPEC, WEBHOOKS_STORE_SPEC];

type StoreSpec = { name: string; migrations: readonly MigrationClass[] };

/** A service's store, migrated, as the admin CLI opens it (the server need not be up). */
export function openStore(config: RuntimeConfig, spec: StoreSpec): Promise<Database> {
  return openDatabase({ name: spec.name, storage: config.storage, migrations: spec.migrations, runMigrations: true });
}

/** Opens the stores in order, runs `use` with them, and closes every one it opened, the last first. */
export async function withStores<T>(config: RuntimeConfig, specs: readonly StoreSpec[], use: (dbs: Database[]) => Promise<T>): Promise<T> {
  const dbs: Database[] = [];
  try {
    for (const spec of specs) dbs.push(await openStore(config, spec));
    return await use(dbs);
  } finally {
    for (const db of dbs.reverse()) await db.close();
  }
}

/** Every store a backup holds: the services' and the embedded event log's (a file each, or a schema each). */
export const BACKUP_STORES: readonly string[] = [...SERVICE_STORE_SPECS.map((s) => s.name), EVENT_LOG_STORE_NAME];

const FORMAT = 'qr-backup/1';
const MANIFEST = 'manifest.json';
const PG_DUMP_FILE = 'database.pgdump';

interface BackupFile {
  file: string;
  bytes: number;
  sha256: string;
}

interface Manifest {
  format: typeof FORMAT;
  created_at: string;
  storage: 'sqlite' | 'postgres';
  /** 'sql': the event log is in the backup. 'kafka': it is not (docs/operations.md, "Backups"). */
  event_log: 'sql' | 'kafka';
  stores: string[];
  files: BackupFile[];
  postgres_version?: string;
  /** How many stored webhook secrets each key seals (key id, or 'v1'): the keys a restore needs. */
  secrets_sealed_with: Record<string, number>;
  secrets_key_file_included: boolean;
}

export class BackupError extends Error {}

/**
 * `backup --to DIR`: every store as it was at one instant, taken while the server serves, and a
 * manifest with each file's SHA-256. The secrets key is not copied unless asked (--with-secrets-key):
 * a backup that holds its key gives whoever reads it every webhook secret. The output says which key
 * the backup needs and where it is.
 */
export async function backup(config: RuntimeConfig, to: string, o: { withSecretsKey: boolean }): Promise<Record<string, unknown>> {
  const dir = resolve(to);
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new UsageError(`--to ${dir} is not empty: a backup goes into a new or empty directory`);
  mkdirSync(dir, { recursive: true });
  try {
    return await takeBackup(config, dir, o);
  } catch (err) {
    // The directory was empty: what is in it now is this backup's unfinished part.
    for (const entry of readdirSync(dir)) rmSync(join(dir, entry), { recursive: true, force: true });
    throw err;
  }
}

async function takeBackup(config: RuntimeConfig, dir: string, o: { withSecretsKey: boolean }): Promise<Record<string, unknown>> {
  const eventLog = config.eventTransport.kind === 'kafka' ? 'kafka' : 'sql';
  const startedAt = new Date();
  let pausedMs: number | undefined;
  let postgresVersion: string | undefined;
  let stores: string[];
  if (config.storage.kind === 'sqlite') {
    const storage = config.storage;
    stores = BACKUP_STORES.filter((s) => existsSync(sqliteFile(storage, s)));
    const missing = BACKUP_STORES.filter((s) => !stores.includes(s));
    if (missing.length) throw new BackupError(`${storage.dataDir} has no ${missing.map((s) => `${s}.sqlite`).join(', ')}: is DATA_DIR the server's?`);
    const report = await copySnapshot(stores.map((s) => ({ source: sqliteFile(storage, s), dest: join(dir, `${s}.sqlite`) })));
    pausedMs = report.pausedMs;
  } else {
    const url = config.storage.url;
    const tables = await schemaTables(url, BACKUP_STORES);
    stores = BACKUP_STORES.filter((s) => (tables.get(s) ?? 0) > 0);
    if (!stores.includes(GATEWAY_STORE_SPEC.name)) throw new BackupError("the database has no gateway schema: is DATABASE_URL the server's?");
    postgresVersion = await serverVersion(url);
    await pgDump({ url, schemas: stores, file: join(dir, PG_DUMP_FILE) });
  }
  const sealed = await secretsIn(config, dir);
  const keyFile = join(config.storage.kind === 'sqlite' ? config.storage.dataDir : '', SECRETS_KEY_FILE);
  const usesKeyFile = config.storage.kind === 'sqlite' && !config.secretsKeys?.length;
  const withKey = o.withSecretsKey && usesKeyFile && existsSync(keyFile);
  if (o.withSecretsKey && !withKey)
    throw new UsageError("--with-secrets-key copies all-in-one's DATA_DIR/secrets.key; this server reads SECRETS_KEYS (keep them in your secret manager)");
  if (withKey) {
    copyFileSync(keyFile, join(dir, SECRETS_KEY_FILE));
    chmodSync(join(dir, SECRETS_KEY_FILE), 0o600);
  }
  const files = await Promise.all(
    readdirSync(dir)
      .filter((f) => f !== SECRETS_KEY_FILE)
      .sort()
      .map(async (file) => ({ file, bytes: statSync(join(dir, file)).size, sha256: await sha256Of(join(dir, file)) })),
  );
  const manifest: Manifest = {
    format: FORMAT,
    created_at: startedAt.toISOString(),
    storage: config.storage.kind,
    event_log: eventLog,
    stores,
    files,
    ...(postgresVersion ? { postgres_version: postgresVersion } : {}),
    secrets_sealed_with: sealed,
    secrets_key_file_included: withKey,
  };
  // The manifest comes last and whole: a directory without one is an unfinished backup, and restore refuses it.
  writeFileSync(join(dir, `${MANIFEST}.tmp`), `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(join(dir, `${MANIFEST}.tmp`), join(dir, MANIFEST));
  return {
    backup: dir,
    storage: manifest.storage,
    stores,
    files: files.map((f) => `${f.file} (${f.bytes} bytes)`),
    ...(pausedMs === undefined ? {} : { writes_paused_ms: pausedMs }),
    secrets_sealed_with: sealed,
    secrets_key: secretsKeyNote(config, usesKeyFile, keyFile, withKey, sealed),
    ...(eventLog === 'kafka' ? { warning: 'the event log is in Kafka and not in this backup (docs/operations.md, "Backups")' } : {}),
  };
}

function secretsKeyNote(config: RuntimeConfig, usesKeyFile: boolean, keyFile: string, included: boolean, sealed: Record<string, number>): string {
  if (Object.keys(sealed).length === 0) return 'no webhook secrets stored: this backup needs no key';
  const ids = Object.keys(sealed).join(', ');
  if (included) return `${SECRETS_KEY_FILE} is in the backup (keep the backup as secret as the key); its secrets are sealed with key ${ids}`;
  if (usesKeyFile) return `not in the backup: keep ${keyFile} with it (key ${ids}); restore needs that file in the new DATA_DIR, or SECRETS_KEYS`;
  return `not in the backup: restore needs SECRETS_KEYS holding key ${ids} (see "secrets status")`;
}

/** Per key, how many of the backup's webhook secrets it seals. */
async function secretsIn(config: RuntimeConfig, dir: string): Promise<Record<string, number>> {
  const sealed =
    config.storage.kind === 'sqlite' ? sealedInSqlite(join(dir, `${WEBHOOKS_STORE_SPEC.name}.sqlite`)) : await sealedInDump(join(dir, PG_DUMP_FILE));
  const counts: Record<string, number> = {};
  for (const s of sealed) counts[sealedKeyLabel(s)] = (counts[sealedKeyLabel(s)] ?? 0) + 1;
  return counts;
}

function sealedInSqlite(file: string): string[] {
  const db = new Sqlite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('SELECT secret_sealed, previous_secret_sealed FROM webhook_endpoints').all() as Array<Record<string, string | null>>;
    return rows.flatMap((r) => [r.secret_sealed, r.previous_secret_sealed]).filter((s): s is string => s !== null);
  } finally {
    db.close();
  }
}

/** The sealed secrets in a dump, read from pg_restore's text of that one table: nothing is restored to read them. */
async function sealedInDump(file: string): Promise<string[]> {
  const rows = await pgRestoreTableText({ file, schema: WEBHOOKS_STORE_SPEC.name, table: 'webhook_endpoints' });
  return rows.flatMap((r) => [r.secret_sealed, r.previous_secret_sealed]).filter((s): s is string => s !== null && s !== undefined);
}

/**
 * `restore --from DIR` into the configured storage, which must hold none of the stores yet (a fresh
 * DATA_DIR, or a new database). Everything is checked first (manifest, checksums, SQLite integrity,
 * and that the configured secrets key opens every stored webhook secret); a refusal changes nothing.
 */
export async function restore(config: RuntimeConfig, from: string): Promise<Record<string, unknown>> {
  const dir = resolve(from);
  const manifest = readManifest(dir);
  if (manifest.storage !== config.storage.kind) {
    throw new BackupError(
      `this backup is of ${manifest.storage === 'sqlite' ? "all-in-one's SQLite files (restore with DATA_DIR, without DATABASE_URL)" : 'PostgreSQL (restore with DATABASE_URL)'}`,
    );
  }
  for (const f of manifest.files) {
    const path = join(dir, f.file);
    if (!existsSync(path) || (await sha256Of(path)) !== f.sha256)
      throw new BackupError(`${f.file} is missing or is not the file the backup wrote (SHA-256 differs)`);
  }
  const keyFromBackup = manifest.secrets_key_file_included ? join(dir, SECRETS_KEY_FILE) : null;
  if (config.storage.kind === 'sqlite') {
    const storage = config.storage;
    const present = BACKUP_STORES.filter((s) => existsSync(sqliteFile(storage, s)));
    if (present.length)
      throw new BackupError(`${storage.dataDir} already holds ${present.map((s) => `${s}.sqlite`).join(', ')}: restore into an empty DATA_DIR`);
    for (const store of manifest.stores) {
      const db = new Sqlite(join(dir, `${store}.sqlite`), { readonly: true, fileMustExist: true });
      try {
        const check = db.pragma('integrity_check', { simple: true });
        if (check !== 'ok') throw new BackupError(`${store}.sqlite fails SQLite's integrity check: ${String(check)}`);
      } finally {
        db.close();
      }
    }
    const keyFile = join(storage.dataDir, SECRETS_KEY_FILE);
    const ring = config.secretsKeys?.length || existsSync(keyFile) ? 'config' : keyFromBackup ? 'backup' : null;
    checkSecretsOpen(
      manifest,
      ring === 'config'
        ? secretsRingOf(config)
        : ring === 'backup'
          ? SecretBox.fromConfig({ secretsKeys: [readFileSync(keyFromBackup!, 'utf8')], dataDir: dir, allowKeyFile: false })
          : null,
      sealedInSqlite(join(dir, `${WEBHOOKS_STORE_SPEC.name}.sqlite`)),
    );
    mkdirSync(storage.dataDir, { recursive: true });
    // Each file lands under a temporary name and is renamed, so a crash never leaves half a database under its real name.
    for (const store of manifest.stores) {
      const target = sqliteFile(storage, store);
      copyFileSync(join(dir, `${store}.sqlite`), `${target}.restoring`);
      renameSync(`${target}.restoring`, target);
    }
    if (ring === 'backup') {
      copyFileSync(keyFromBackup!, keyFile);
      chmodSync(keyFile, 0o600);
    }
    return {
      restored: manifest.stores,
      into: storage.dataDir,
      backup_taken_at: manifest.created_at,
      secrets_key: ring === 'backup' ? `${SECRETS_KEY_FILE} from the backup` : 'as configured',
    };
  }
  const url = config.storage.url;
  const tables = await schemaTables(url, BACKUP_STORES);
  const taken = [...tables].filter(([, n]) => n > 0).map(([s]) => s);
  if (taken.length) throw new BackupError(`the database already holds the ${taken.join(', ')} schema(s): restore into a new, empty database`);
  checkSecretsOpen(manifest, config.secretsKeys?.length ? secretsRingOf(config) : null, await sealedInDump(join(dir, PG_DUMP_FILE)));
  await pgRestore({ url, file: join(dir, PG_DUMP_FILE) });
  return { restored: manifest.stores, into: 'DATABASE_URL', backup_taken_at: manifest.created_at, secrets_key: 'as configured' };
}

/** The key ring the webhook dispatcher reads: SECRETS_KEYS, or all-in-one's key file in DATA_DIR. */
export function secretsRingOf(config: RuntimeConfig): SecretBox {
  return SecretBox.fromConfig({ secretsKeys: config.secretsKeys, dataDir: config.dataDir, allowKeyFile: config.storage.kind === 'sqlite' });
}

function checkSecretsOpen(manifest: Manifest, box: SecretBox | null, sealed: readonly string[]): void {
  if (sealed.length === 0) return;
  const missing = new Set(sealed.filter((s) => box === null || box.keyIdOf(s) === null).map(sealedKeyLabel));
  if (missing.size === 0) return;
  const where = manifest.storage === 'sqlite' ? `put the ${SECRETS_KEY_FILE} the backup noted in DATA_DIR, or set SECRETS_KEYS` : 'set SECRETS_KEYS';
  throw new BackupError(
    `the backup's webhook secrets are sealed with key ${[...missing].join(', ')}, which this configuration does not have: ${where}, then restore again`,
  );
}

function readManifest(dir: string): Manifest {
  const path = join(dir, MANIFEST);
  if (!existsSync(path)) throw new BackupError(`${dir} has no ${MANIFEST}: not a backup, or one that did not finish`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  } catch {
    throw new BackupError(`${path} is not JSON`);
  }
  if (manifest.format !== FORMAT) throw new BackupError(`${path} is not a ${FORMAT} manifest`);
  return manifest;
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
