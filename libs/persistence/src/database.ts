import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import { AsyncMutex } from './async-mutex';
import { PostgresTransaction } from './postgres-transaction';
import { type Dialect, toDialectQuery } from './sql-dialect';
import { SqliteStatements } from './sqlite-statements';
import { type Rows, type Tx } from './transaction';

export type { Rows, Tx } from './transaction';

/**
 * One service's database. Reads go to `reader`; writes go through `transaction`.
 * On SQLite the reader is a second connection (WAL gives it a committed snapshot) and write
 * transactions are serialised through one mutex, PocketBase-style. On PostgreSQL both are the pool.
 */
export class Database {
  private readonly writeMutex = new AsyncMutex();
  private sqlite: { writer: SqliteStatements; reader: SqliteStatements } | null = null;

  constructor(
    readonly name: string,
    readonly dialect: Dialect,
    private readonly writer: DataSource,
    private readonly reader: DataSource,
    /** Schema on PostgreSQL; null on SQLite. */
    readonly schema: string | null,
    /** Which database this is, for keys shared between threads: the SQLite file's absolute path, or PostgreSQL's host, database and schema. */
    readonly location: string = name,
  ) {}

  /** Read outside any transaction. */
  async query<T = Record<string, unknown>>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    if (this.dialect === 'sqlite') return runSqlite<T>(this.sqliteStatements().reader, sql, params).rows;
    const q = toDialectQuery(sql, params, 'postgres');
    return (await this.pool().query(q.sql, q.params)).rows as T[];
  }

  /** Runs `fn` in one transaction; afterCommit callbacks run only once it has committed. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.dialect === 'sqlite' ? this.writeMutex.run(() => this.runSqliteTransaction(fn)) : this.runPostgresTransaction(fn);
  }

  /** A single write statement as its own transaction. */
  execute<T = Record<string, unknown>>(sql: string, params: readonly unknown[] = []): Promise<Rows<T>> {
    return this.transaction((tx) => tx.query<T>(sql, params));
  }

  async ping(): Promise<void> {
    await this.query('SELECT 1 AS ok');
  }

  /** The TypeORM data source, for migrations and tooling. */
  get dataSource(): DataSource {
    return this.writer;
  }

  async close(): Promise<void> {
    if (this.reader !== this.writer && this.reader.isInitialized) await this.reader.destroy();
    if (this.writer.isInitialized) await this.writer.destroy();
  }

  private async runPostgresTransaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const client = await this.pool().connect();
    const tx = new PostgresTransaction(client);
    try {
      return await tx.run(fn);
    } finally {
      // A broken connection is closed instead of going back to the pool.
      client.release(tx.broken ?? undefined);
    }
  }

  /**
   * node-postgres's pool under the TypeORM data source (TypeORM runs the migrations): statements go to
   * it directly, without a query runner around each (TypeORM's took about as long as the round trip).
   */
  private pool(): Pool {
    return (this.writer.driver as unknown as { master: Pool }).master;
  }

  /** Callers hold the write mutex: one transaction at a time on the writer connection. */
  private async runSqliteTransaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const statements = this.sqliteStatements().writer;
    const callbacks: Array<() => void> = [];
    const tx: Tx = {
      dialect: 'sqlite',
      query: async <R>(sql: string, params: readonly unknown[] = []) => runSqlite<R>(statements, sql, params),
      send: (sql, params = []) => void runSqlite(statements, sql, params),
      afterCommit: (cb) => callbacks.push(cb),
    };
    await beginImmediate(statements);
    let result: T;
    try {
      result = await fn(tx);
      statements.run('COMMIT', []);
    } catch (err) {
      try {
        statements.run('ROLLBACK', []);
      } catch {
        // SQLite has already rolled back (some errors end the transaction themselves).
      }
      throw err;
    }
    for (const cb of callbacks) cb();
    return result;
  }

  private sqliteStatements(): { writer: SqliteStatements; reader: SqliteStatements } {
    return (this.sqlite ??= { writer: SqliteStatements.of(this.writer), reader: SqliteStatements.of(this.reader) });
  }
}

const BUSY_WAIT_MS = 5000;

/**
 * Takes SQLite's write lock at BEGIN (so a transaction never fails half-way on a lock) without
 * blocking the event loop: the writer connection has no busy timeout, and a lock held by another
 * connection (all-in-one's other thread, the admin CLI) is retried on later turns of the loop, with
 * the same 5 s budget the busy timeout gives everywhere else.
 */
async function beginImmediate(statements: SqliteStatements): Promise<void> {
  const deadline = Date.now() + BUSY_WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      statements.run('BEGIN IMMEDIATE', []);
      return;
    } catch (err) {
      if (!isBusy(err) || Date.now() > deadline) throw err;
      await new Promise((resolve) => (attempt < 3 ? setImmediate(resolve) : setTimeout(resolve, Math.min(attempt - 2, 10))));
    }
  }
}

/** SQLite's answer when another connection holds the lock it needs: worth waiting and trying again. */
export function isBusy(err: unknown): boolean {
  const code = (err as { code?: string }).code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}

function runSqlite<T>(statements: SqliteStatements, sql: string, params: readonly unknown[]): Rows<T> {
  const q = toDialectQuery(sql, params, 'sqlite');
  return statements.run<T>(q.sql, q.params);
}

/** A read inside `tx` when the caller has one (it sees the transaction's own writes), else on the reader. */
export async function readRows<T = Record<string, unknown>>(db: Database, tx: Tx | undefined, sql: string, params: readonly unknown[] = []): Promise<T[]> {
  return tx ? (await tx.query<T>(sql, params)).rows : db.query<T>(sql, params);
}
