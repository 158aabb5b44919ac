import { mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client, types } from 'pg';
import { DataSource } from 'typeorm';
import { Database } from './database';
import { type MigrationClass } from './migration';

export type StorageConfig = { kind: 'sqlite'; dataDir: string; synchronous?: 'NORMAL' | 'FULL' } | { kind: 'postgres'; url: string };

export interface OpenDatabaseOptions {
  /** The owning service's store name: the SQLite file name, or the PostgreSQL schema. */
  name: string;
  storage: StorageConfig;
  migrations: readonly MigrationClass[];
  runMigrations: boolean;
  poolSize?: number;
  /** PostgreSQL settings for every connection of this store, sent at connect (libpq `options`), e.g. planner switches. */
  postgresSettings?: Readonly<Record<string, string>>;
  /**
   * SQLite: another thread copies this file's write-ahead log back (all-in-one's WalCheckpointThread), so
   * this connection's commits checkpoint only past a 64 MB log, a safety net, instead of past SQLite's
   * 4 MB: the copy and its fsyncs held a front commit, and every redirect waiting on it, for 40–70 ms.
   */
  checkpointsElsewhere?: boolean;
}

/** Pages (4 KiB) of log past which a connection whose checkpoints run elsewhere still checkpoints itself. */
const SAFETY_NET_CHECKPOINT_PAGES = 16_384;

// BIGINT columns hold epoch milliseconds and counters, all far below 2^53.
types.setTypeParser(20, (value) => Number(value));

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const db = options.storage.kind === 'sqlite' ? await openSqlite(options, options.storage) : await openPostgres(options, options.storage.url);
  if (options.runMigrations) await migrate(db);
  // Migrations may wait for the lock synchronously; from here on, writes wait in Database.transaction without blocking.
  if (db.dialect === 'sqlite') await db.dataSource.query('PRAGMA busy_timeout = 0');
  return db;
}

/** Applies pending migrations; on PostgreSQL an advisory lock keeps concurrent starters from racing. */
export async function migrate(db: Database): Promise<void> {
  if (db.dialect === 'sqlite') {
    // TypeORM's migration transactions wait for the write lock the blocking way; nothing else runs yet.
    await db.dataSource.query('PRAGMA busy_timeout = 5000');
    try {
      await db.dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await db.dataSource.query('PRAGMA busy_timeout = 0');
    }
    return;
  }
  const runner = db.dataSource.createQueryRunner('master');
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`migrations:${db.schema}`]);
    await db.dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrations:${db.schema}`]).catch(() => undefined);
    await runner.release();
  }
}

type SqliteStorage = Extract<StorageConfig, { kind: 'sqlite' }>;

/** The SQLite file of a store. */
export function sqliteFile(storage: Pick<SqliteStorage, 'dataDir'>, store: string): string {
  return join(storage.dataDir, `${store}.sqlite`);
}

/** The SQLite files in a data directory (every store opened there so far), as absolute paths. */
export function sqliteFilesIn(dataDir: string): string[] {
  return readdirSync(dataDir)
    .filter((name) => name.endsWith('.sqlite'))
    .map((name) => resolve(dataDir, name));
}

/** Every connection's settings, run as better-sqlite3 opens it. */
export function sqlitePragmas(storage: SqliteStorage, checkpointsElsewhere = false): (db: { pragma(s: string): unknown }) => void {
  return (db) => {
    db.pragma('busy_timeout = 5000');
    db.pragma('journal_mode = WAL');
    // NORMAL in WAL mode survives a process crash (kill -9); FULL also survives power loss.
    db.pragma(`synchronous = ${storage.synchronous ?? 'NORMAL'}`);
    db.pragma('foreign_keys = ON');
    if (checkpointsElsewhere) db.pragma(`wal_autocheckpoint = ${SAFETY_NET_CHECKPOINT_PAGES}`);
  };
}

async function openSqlite(options: OpenDatabaseOptions, storage: SqliteStorage): Promise<Database> {
  mkdirSync(storage.dataDir, { recursive: true });
  const file = resolve(sqliteFile(storage, options.name));
  const pragmas = sqlitePragmas(storage, options.checkpointsElsewhere);
  const writer = new DataSource({
    type: 'better-sqlite3',
    database: file,
    prepareDatabase: pragmas,
    migrations: [...options.migrations],
    migrationsTableName: 'schema_migrations',
  });
  await writer.initialize();
  const reader = new DataSource({ type: 'better-sqlite3', database: file, prepareDatabase: pragmas });
  await reader.initialize();
  return new Database(options.name, 'sqlite', writer, reader, null, file);
}

async function openPostgres(options: OpenDatabaseOptions, url: string): Promise<Database> {
  const schema = options.name.replace(/[^a-z0-9_]/g, '_');
  await ensureSchema(url, schema);
  const writer = new DataSource({
    type: 'postgres',
    url,
    schema,
    migrations: [...options.migrations],
    migrationsTableName: 'schema_migrations',
    extra: {
      options: connectionOptions({ ...options.postgresSettings, search_path: schema }),
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
      // node-postgres writes each statement at once instead of after the answer to the one before, so a
      // transaction's statements share round trips (PostgresTransaction); each keeps its own Sync, and a
      // failed one fails those behind it in its transaction, as without pipelining.
      pipeline: true,
    },
  });
  await writer.initialize();
  return new Database(options.name, 'postgres', writer, writer, schema, `${redactedUrl(url)}#${schema}`);
}

/** libpq's `options`: each setting as `-c name=value`. Names and values are ours, never input; anything else is refused, not escaped. */
function connectionOptions(settings: Record<string, string>): string {
  return Object.entries(settings)
    .map(([name, value]) => {
      if (!/^[a-z_]+$/.test(name) || !/^[A-Za-z0-9_.]+$/.test(value)) throw new Error(`unsupported PostgreSQL connection setting: ${name}`);
      return `-c ${name}=${value}`;
    })
    .join(' ');
}

async function ensureSchema(url: string, schema: string): Promise<void> {
  await queryOnce(url, `CREATE SCHEMA IF NOT EXISTS ${schema}`).catch((err: unknown) => {
    // Two processes creating the same schema at once: the loser sees a unique violation.
    if ((err as { code?: string }).code !== '23505') throw err;
  });
}

/** One statement on a PostgreSQL connection of its own, outside any store's pool. */
export async function queryOnce<T extends object>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** The server and database of a connection URL, without credentials: enough to tell two databases apart. */
function redactedUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname}`;
  } catch {
    return 'postgres';
  }
}
