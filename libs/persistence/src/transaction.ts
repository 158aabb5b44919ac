import { type Dialect } from './sql-dialect';

export interface Rows<T> {
  rows: T[];
  affected: number;
}

/** What a transaction body may do: run SQL, and ask for work to happen once it is durable. */
export interface Tx {
  readonly dialect: Dialect;
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Rows<T>>;
  /**
   * A write whose result the body does not need. On PostgreSQL it is sent at once and not waited for:
   * it travels with what follows it, the COMMIT included, and if it fails the transaction fails. On
   * SQLite it runs at once, and a failure throws here.
   */
  send(sql: string, params?: readonly unknown[]): void;
  afterCommit(fn: () => void): void;
}
