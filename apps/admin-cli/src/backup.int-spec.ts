import { appendFileSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openEventLog } from '@qr/event-log';
import { GATEWAY_STORE_SPEC, Workspaces } from '@qr/identity';
import { silentLog } from '@qr/domain';
import { openDatabase, type StorageConfig } from '@qr/persistence';
import { DEPLOYABLES, loadRuntimeConfig, type RuntimeConfig } from '@qr/platform';
import { createTempDir, provisionStorage, STORAGE_KINDS, type TempDir, type TestStorage } from '@qr/testing';
import { backup, BackupError, restore, SERVICE_STORE_SPECS } from './backup';
import { UsageError } from './cli-args';

const KEY = Buffer.alloc(32, 7).toString('base64');

function configOf(storage: StorageConfig): RuntimeConfig {
  return loadRuntimeConfig(storage.kind === 'sqlite' ? { DATA_DIR: storage.dataDir } : { DATABASE_URL: storage.url, SECRETS_KEYS: KEY }, DEPLOYABLES);
}

async function createStores(storage: StorageConfig): Promise<void> {
  for (const spec of SERVICE_STORE_SPECS) await (await openDatabase({ name: spec.name, storage, migrations: spec.migrations, runMigrations: true })).close();
  await (await openEventLog({ transport: { kind: 'sql' }, storage, runMigrations: true, clientId: 'test', log: silentLog })).close();
}

async function workspaceNames(storage: StorageConfig): Promise<string[]> {
  const db = await openDatabase({ name: GATEWAY_STORE_SPEC.name, storage, migrations: GATEWAY_STORE_SPEC.migrations, runMigrations: false });
  try {
    return (await db.query<{ name: string }>('SELECT name FROM workspaces ORDER BY name')).map((r) => r.name);
  } finally {
    await db.close();
  }
}

describe.each(STORAGE_KINDS)('backup and restore on %s', (kind) => {
  let source: TestStorage;
  let target: TestStorage;
  let dir: TempDir;
  beforeEach(async () => {
    source = await provisionStorage(kind);
    target = await provisionStorage(kind);
    dir = createTempDir('backup');
    await createStores(source.storage);
    const db = await openDatabase({ name: GATEWAY_STORE_SPEC.name, storage: source.storage, migrations: GATEWAY_STORE_SPEC.migrations, runMigrations: false });
    await new Workspaces(db).create({ name: 'Kept', plan: 'pro' });
    await db.close();
  });
  afterEach(async () => {
    await source.cleanup();
    await target.cleanup();
    dir.remove();
  });

  it('restores what it backed up into fresh storage', async () => {
    const out = await backup(configOf(source.storage), dir.path, { withSecretsKey: false });
    expect(out.stores).toEqual(['gateway', 'qr', 'redirect', 'analytics', 'webhooks', 'eventlog']);
    expect(out.secrets_key).toBe('no webhook secrets stored: this backup needs no key');
    expect(await restore(configOf(target.storage), dir.path)).toMatchObject({ restored: out.stores });
    expect(await workspaceNames(target.storage)).toEqual(['Kept']);
  });

  it('refuses, changing nothing: a non-empty --to, storage that already holds the stores, a changed file, a missing manifest, the other kind of storage', async () => {
    await backup(configOf(source.storage), dir.path, { withSecretsKey: false });
    const files = readdirSync(dir.path).sort();
    await expect(backup(configOf(source.storage), dir.path, { withSecretsKey: false })).rejects.toThrow(UsageError);
    expect(readdirSync(dir.path).sort()).toEqual(files);

    await expect(restore(configOf(source.storage), dir.path)).rejects.toThrow(/already holds/);

    const other = await provisionStorage(kind === 'sqlite' ? 'postgres' : 'sqlite');
    try {
      await expect(restore(configOf(other.storage), dir.path)).rejects.toThrow(BackupError);
    } finally {
      await other.cleanup();
    }

    const data = files.find((f) => f === 'gateway.sqlite' || f.endsWith('.pgdump'))!;
    appendFileSync(join(dir.path, data), 'x');
    await expect(restore(configOf(target.storage), dir.path)).rejects.toThrow(/SHA-256 differs/);
    rmSync(join(dir.path, 'manifest.json'));
    await expect(restore(configOf(target.storage), dir.path)).rejects.toThrow(/no manifest.json/);

    if (target.storage.kind === 'sqlite') expect(existsSync(join(target.storage.dataDir, 'gateway.sqlite'))).toBe(false);
    else await expect(workspaceNames(target.storage)).rejects.toThrow(/workspaces/);
  });
});
