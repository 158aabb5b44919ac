import type { DataSource, QueryRunner } from 'typeorm';
import type { QueryResult } from 'typeorm/query-runner/QueryResult';
import { AsyncMutex } from './async-mutex';
import { type Dialect, toDialectQuery } from './sql-dialect';

export interface Rows<T> {
  rows: T[];
  affected: number;
}

/** What a transaction body may do: run SQL, and ask for work to happen once the commit is durable. */
export interface Tx {
  readonly dialect: Dialect;
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Rows<T>>;
  afterCommit(fn: () => void): void;
}

/**
 * One service's database. Reads go to `reader`; writes go through `transaction`.
 * On SQLite the reader is a second connection (WAL gives it a committed snapshot) and write
 * transactions are serialised through one mutex, PocketBase-style. On PostgreSQL both are the pool.
 */
export class Database {
  private readonly writeMutex = new AsyncMutex();

  constructor(
    readonly name: string,
    readonly dialect: Dialect,
    private readonly writer: DataSource,
    private readonly reader: DataSource,
    /** Schema on PostgreSQL; null on SQLite. */
    readonly schema: string | null,
  ) {}

  /** Read outside any transaction. */
  async query<T = Record<string, unknown>>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    const runner = this.reader.createQueryRunner('slave');
    try {
      return (await runQuery<T>(runner, this.dialect, sql, params)).rows;
    } finally {
      await runner.release();
    }
  }

  /** Runs `fn` in one transaction; afterCommit callbacks run only once it has committed. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const body = () => this.runTransaction(fn);
    return this.dialect === 'sqlite' ? this.writeMutex.run(body) : body();
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

  private async runTransaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const runner = this.writer.createQueryRunner('master');
    const callbacks: Array<() => void> = [];
    const tx: Tx = {
      dialect: this.dialect,
      query: (sql, params = []) => runQuery(runner, this.dialect, sql, params),
      afterCommit: (cb) => callbacks.push(cb),
    };
    try {
      await runner.connect();
      await runner.startTransaction();
      let result: T;
      try {
        result = await fn(tx);
        await runner.commitTransaction();
      } catch (err) {
        if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
        throw err;
      }
      for (const cb of callbacks) cb();
      return result;
    } finally {
      await runner.release();
    }
  }
}

async function runQuery<T>(runner: QueryRunner, dialect: Dialect, sql: string, params: readonly unknown[]): Promise<Rows<T>> {
  const q = toDialectQuery(sql, params, dialect);
  const result = (await runner.query(q.sql, q.params, true)) as QueryResult;
  const rows = (Array.isArray(result.records) ? result.records : []) as T[];
  return { rows, affected: typeof result.affected === 'number' ? result.affected : rows.length };
}
