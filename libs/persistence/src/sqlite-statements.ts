import type BetterSqlite3 from 'better-sqlite3';
import type { DataSource } from 'typeorm';
import type { Rows } from './transaction';

/** Prepared statements kept per connection; far more than the fixed set of statements the services run. */
const CAPACITY = 1000;

/**
 * Runs SQL on one better-sqlite3 connection (a TypeORM data source's), each statement prepared once.
 * The services' statements skip TypeORM's query runner: it spread every parameter into a call, awaited
 * a statement lookup, and told loggers and subscribers nothing here listens to, on every statement; and
 * its statement cache (100 entries, first in first out) let the multi-row inserts of varying width push
 * out the statements that run on every scan. TypeORM still opens the connection and runs migrations.
 */
export class SqliteStatements {
  private readonly prepared = new Map<string, BetterSqlite3.Statement>();

  constructor(private readonly connection: BetterSqlite3.Database) {}

  static of(dataSource: DataSource): SqliteStatements {
    return new SqliteStatements((dataSource.driver as unknown as { databaseConnection: BetterSqlite3.Database }).databaseConnection);
  }

  /** `sql` in SQLite's form (`?` placeholders), `params` in order; a `SqliteFailure` on failure. */
  run<T>(sql: string, params: readonly unknown[]): Rows<T> {
    try {
      const statement = this.statement(sql);
      if (statement.reader) {
        const rows = statement.all(params) as T[];
        return { rows, affected: rows.length };
      }
      return { rows: [], affected: statement.run(params).changes };
    } catch (err) {
      throw new SqliteFailure(err);
    }
  }

  private statement(sql: string): BetterSqlite3.Statement {
    let statement = this.prepared.get(sql);
    if (!statement) {
      statement = this.connection.prepare(sql);
      if (this.prepared.size >= CAPACITY) this.prepared.delete(this.prepared.keys().next().value as string);
      this.prepared.set(sql, statement);
    }
    return statement;
  }
}

/**
 * An error SQLite reported, with its code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT_UNIQUE`…). better-sqlite3's
 * own `SqliteError` is not a native Error object, and the class it uses is the one the addon was first
 * loaded with: in a runner that loads modules once per test file, `instanceof Error` fails on it.
 */
export class SqliteFailure extends Error {
  readonly code: string | undefined;

  constructor(cause: unknown) {
    const reported = (typeof cause === 'object' && cause !== null ? cause : {}) as { message?: unknown; code?: unknown };
    super(typeof reported.message === 'string' ? reported.message : String(cause), { cause });
    this.name = 'SqliteFailure';
    this.code = typeof reported.code === 'string' ? reported.code : undefined;
  }
}
