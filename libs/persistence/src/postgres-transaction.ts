import type { PoolClient, QueryResult } from 'pg';
import { runClosing } from './closing-hooks';
import type { Rows, TransactionOptions, Tx } from './transaction';
import { toDialectQuery } from './sql-dialect';
import { withLiterals } from './sql-literals';

/**
 * One PostgreSQL transaction on a pooled connection of node-postgres, without TypeORM's query runner
 * around each statement. With `valuesInText`, BEGIN goes with the first statement and COMMIT with the
 * statements queued for the commit, each pair as one simple-protocol query with its values written in
 * as literals (withLiterals); a statement that cannot be written so is sent with its parameters, in a
 * round trip of its own. Without it, BEGIN and COMMIT are sent alone unless the statement they would go
 * with has no parameters.
 */
export class PostgresTransaction implements Tx {
  readonly dialect = 'postgres' as const;
  /** BEGIN has been sent (alone or with a statement). */
  private begun = false;
  /** Committed or rolled back: the connection may already serve another transaction. */
  private finished = false;
  private readonly closing: Array<() => Promise<void>> = [];
  private readonly committed: Array<() => void> = [];
  private readonly last: Array<{ sql: string; params: unknown[] }> = [];
  /**
   * Set when the connection failed (an error event: PostgreSQL restarted, the backend was terminated,
   * the network dropped) or ROLLBACK did: it must not go back to the pool.
   */
  broken: Error | null = null;
  // Checked-out pool clients have no error listener (the pool's is removed at checkout), and an error
  // event without one would end the process.
  private readonly onError = (err: Error) => (this.broken ??= err);

  constructor(
    private readonly client: PoolClient,
    private readonly options: TransactionOptions = {},
  ) {
    client.on('error', this.onError);
  }

  async query<T = Record<string, unknown>>(sql: string, params: readonly unknown[] = []): Promise<Rows<T>> {
    this.assertOpen();
    const q = toDialectQuery(sql, params, 'postgres');
    if (!this.begun) {
      this.begun = true;
      const text = this.asText(q);
      if (text !== null) return rowsOf<T>(lastOf(await this.client.query(joined(['BEGIN', text]))));
      await this.client.query('BEGIN');
    }
    return rowsOf<T>(await this.client.query(q.sql, q.params));
  }

  beforeCommit(fn: () => Promise<void>): void {
    this.assertOpen();
    this.closing.push(fn);
  }

  atCommit(sql: string, params: readonly unknown[] = []): void {
    this.assertOpen();
    this.last.push(toDialectQuery(sql, params, 'postgres'));
  }

  afterCommit(fn: () => void): void {
    this.assertOpen();
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
      if (this.begun && !this.finished) await this.rollback();
      throw err;
    } finally {
      this.finished = true;
      this.client.removeListener('error', this.onError);
    }
    for (const cb of this.committed) cb();
    return result;
  }

  private async commit(): Promise<void> {
    const texts = this.last.map((q) => this.asText(q));
    if (texts.every((t): t is string => t !== null)) {
      if (!this.begun && texts.length === 0) return;
      const statements = [...(this.begun ? [] : ['BEGIN']), ...texts, 'COMMIT'];
      this.begun = true;
      return expectCommitted(lastOf(await this.client.query(joined(statements))));
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
      this.broken ??= err instanceof Error ? err : new Error(String(err));
    }
  }

  /** The statement as text for a simple-protocol query, or null when it must go with its parameters. */
  private asText(q: { sql: string; params: unknown[] }): string | null {
    if (q.params.length === 0) return withLiterals(q.sql, q.params);
    return this.options.valuesInText ? withLiterals(q.sql, q.params) : null;
  }

  private assertOpen(): void {
    if (this.finished) throw new Error('this transaction has already ended');
  }
}

/** One simple-protocol query; each statement on lines of its own, so a trailing `--` comment cannot take the next one with it. */
function joined(statements: readonly string[]): string {
  return statements.join('\n;\n');
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
