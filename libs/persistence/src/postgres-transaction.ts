import type { PoolClient, QueryResult } from 'pg';
import { runClosing } from './closing-hooks';
import type { Rows, Tx } from './database';
import { toDialectQuery } from './sql-dialect';
import { withLiterals } from './sql-literals';

/**
 * One PostgreSQL transaction on a pooled connection of node-postgres, in as few round trips as its
 * statements allow. A transaction of the redirect replica's group commit (a count, an event-log
 * append) took four round trips and TypeORM's query runner around each: BEGIN, the count, the append,
 * COMMIT. Here BEGIN goes with the first statement and COMMIT with the statements queued for the commit
 * (Tx.atCommit), each pair as one simple-protocol query with its values written in as literals
 * (withLiterals): two round trips. A statement that cannot be written so is sent on its own, with its
 * parameters, and the transaction takes a round trip more.
 */
export class PostgresTransaction implements Tx {
  readonly dialect = 'postgres' as const;
  /** BEGIN has been sent (alone or with a statement). */
  private begun = false;
  private readonly closing: Array<() => Promise<void>> = [];
  private readonly committed: Array<() => void> = [];
  private readonly last: Array<{ sql: string; params: unknown[] }> = [];
  /** Set when ROLLBACK itself failed: the connection is in an unknown state and must not go back to the pool. */
  broken: unknown = null;

  constructor(private readonly client: PoolClient) {}

  async query<T = Record<string, unknown>>(sql: string, params: readonly unknown[] = []): Promise<Rows<T>> {
    const q = toDialectQuery(sql, params, 'postgres');
    if (!this.begun) {
      this.begun = true;
      const inline = withLiterals(q.sql, q.params);
      if (inline !== null) return rowsOf<T>(lastOf(await this.client.query(`BEGIN;\n${inline}`)));
      await this.client.query('BEGIN');
    }
    return rowsOf<T>(await this.client.query(q.sql, q.params));
  }

  beforeCommit(fn: () => Promise<void>): void {
    this.closing.push(fn);
  }

  atCommit(sql: string, params: readonly unknown[] = []): void {
    this.last.push(toDialectQuery(sql, params, 'postgres'));
  }

  afterCommit(fn: () => void): void {
    this.committed.push(fn);
  }

  /** Runs the body, its closing hooks and its statements at commit, and commits; rolls back on any error. */
  async run<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await fn(this);
      await runClosing(this.closing);
      await this.commit();
    } catch (err) {
      if (this.begun) await this.rollback();
      throw err;
    }
    for (const cb of this.committed) cb();
    return result;
  }

  private async commit(): Promise<void> {
    const texts = this.last.map((q) => withLiterals(q.sql, q.params));
    if (texts.every((t): t is string => t !== null)) {
      if (!this.begun && texts.length === 0) return;
      const statements = [...(this.begun ? [] : ['BEGIN']), ...texts, 'COMMIT'];
      this.begun = true;
      return expectCommitted(lastOf(await this.client.query(statements.join(';\n'))));
    }
    if (!this.begun) {
      this.begun = true;
      await this.client.query('BEGIN');
    }
    for (const q of this.last) await this.client.query(q.sql, q.params);
    expectCommitted(await this.client.query('COMMIT'));
  }

  private async rollback(): Promise<void> {
    try {
      await this.client.query('ROLLBACK');
    } catch (err) {
      this.broken = err;
    }
  }
}

function lastOf(result: QueryResult | QueryResult[]): QueryResult {
  return Array.isArray(result) ? result[result.length - 1] : result;
}

function rowsOf<T>(result: QueryResult): Rows<T> {
  return { rows: result.rows as T[], affected: result.rowCount ?? result.rows.length };
}

/**
 * PostgreSQL answers COMMIT of a transaction that an error has already aborted with ROLLBACK and no
 * error (a body that caught a failed statement and went on): that is a failed transaction, not a commit.
 */
function expectCommitted(result: QueryResult): void {
  if (result.command !== 'COMMIT') throw new Error(`the transaction was rolled back, not committed (${result.command})`);
}
