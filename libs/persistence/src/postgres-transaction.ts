import type { PoolClient, QueryResult } from 'pg';
import type { Rows, Tx } from './transaction';
import { toDialectQuery } from './sql-dialect';

/**
 * One PostgreSQL transaction on a pooled connection of node-postgres, without TypeORM's query runner
 * around each statement; every value goes as a bound parameter. The pool's connections pipeline
 * (open-database.ts): a statement is written at once, without waiting for the answers before it. So
 * BEGIN goes with the first statement (a transaction that runs no statement sends nothing), and the
 * writes a body sends without waiting (`send`) go with the COMMIT: a scan batch is two round trips
 * (the locks and reads with BEGIN; the writes, the outbox's rows and COMMIT), not one per statement.
 */
export class PostgresTransaction implements Tx {
  readonly dialect = 'postgres' as const;
  /** BEGIN has been sent. */
  private begun = false;
  /** Committed or rolled back: the connection may already serve another transaction. */
  private finished = false;
  private readonly committed: Array<() => void> = [];
  /** Statements sent with `send`: the commit waits for them and fails with them. */
  private readonly sent: Array<Promise<unknown>> = [];
  /**
   * Set when the connection failed (an error event: PostgreSQL restarted, the backend was terminated,
   * the network dropped) or ROLLBACK did: it must not go back to the pool.
   */
  broken: Error | null = null;
  // Checked-out pool clients have no error listener (the pool's is removed at checkout), and an error
  // event without one would end the process.
  private readonly onError = (err: Error) => (this.broken ??= err);

  constructor(private readonly client: PoolClient) {
    client.on('error', this.onError);
  }

  async query<T = Record<string, unknown>>(sql: string, params: readonly unknown[] = []): Promise<Rows<T>> {
    this.assertOpen();
    const q = toDialectQuery(sql, params, 'postgres');
    const begin = this.begun ? undefined : this.client.query('BEGIN');
    this.begun = true;
    const [, result] = await Promise.all([begin, this.client.query(q.sql, q.params)]);
    return rowsOf<T>(result);
  }

  send(sql: string, params: readonly unknown[] = []): void {
    const sent = this.query(sql, params);
    // Waited for by the commit; until then a failure must not count as unhandled.
    sent.catch(() => undefined);
    this.sent.push(sent);
  }

  afterCommit(fn: () => void): void {
    this.assertOpen();
    this.committed.push(fn);
  }

  /** Runs the body and commits; rolls back on any error. */
  async run<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await fn(this);
      if (this.begun) {
        const [, commit] = await Promise.all([Promise.all(this.sent), this.client.query('COMMIT')]);
        expectCommitted(commit);
      }
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

  private async rollback(): Promise<void> {
    try {
      await this.client.query('ROLLBACK');
    } catch (err) {
      this.broken ??= err instanceof Error ? err : new Error(String(err));
    }
  }

  private assertOpen(): void {
    if (this.finished) throw new Error('this transaction has already ended');
  }
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
