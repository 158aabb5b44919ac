import { type Dialect } from './sql-dialect';

export interface TransactionOptions {
  /**
   * PostgreSQL: the statements' values may be written into the SQL text, so that BEGIN goes to the
   * server with the first statement and COMMIT with the statements queued for it (Tx.atCommit): two
   * round trips for a read-then-append transaction instead of four. Only for values that may show in
   * PostgreSQL's own logs and in pg_stat_activity, which hold a statement's text (a failing statement
   * is logged with it) but, by default, not its parameters: scan counts and scan events, not a form's
   * fields or a secret. Without it every value goes as a parameter.
   */
  valuesInText?: boolean;
}

export interface Rows<T> {
  rows: T[];
  affected: number;
}

/** What a transaction body may do: run SQL, and ask for work to happen just before the commit or once it is durable. */
export interface Tx {
  readonly dialect: Dialect;
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Rows<T>>;
  /**
   * Runs `fn` in this transaction after its body has returned, just before the statements queued with
   * atCommit and COMMIT (in the order registered): for work that gathers what the body added (an event
   * log append collects the transaction's events, then queues its insert with atCommit).
   */
  beforeCommit(fn: () => Promise<void>): void;
  /**
   * Runs `sql` as one of the transaction's last statements, after the beforeCommit hooks (in the order
   * queued), its result unread; an error in it fails the transaction. For work that takes a lock every
   * writer contends for (an event log append), which must be held for as short a time as possible. On
   * PostgreSQL it goes to the server with the COMMIT, in one round trip, when the transaction's values
   * may be written into its text (TransactionOptions.valuesInText).
   */
  atCommit(sql: string, params?: readonly unknown[]): void;
  afterCommit(fn: () => void): void;
}
