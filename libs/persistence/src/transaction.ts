import { type Dialect } from './sql-dialect';

export interface Rows<T> {
  rows: T[];
  affected: number;
}

/** What a transaction body may do: run SQL, and ask for work to happen once it is durable. */
export interface Tx {
  readonly dialect: Dialect;
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Rows<T>>;
  afterCommit(fn: () => void): void;
}
