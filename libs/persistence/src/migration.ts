import type { MigrationInterface, QueryRunner } from 'typeorm';
import type { Dialect } from './sql-dialect';

/**
 * One schema change, written out for each dialect, or once (`sql`) where both read the same text.
 * Nothing is ever synchronised from entities.
 */
export type MigrationSpec = {
  /** Unix milliseconds; orders migrations and names them for TypeORM. */
  timestamp: number;
  name: string;
} & ({ sqlite: readonly string[]; postgres: readonly string[] } | { sql: readonly string[] });

export type MigrationClass = new () => MigrationInterface;

/** A table's auto-numbered key in each dialect; the other integer columns are BIGINT in both (SQLite reads any INT type alike). */
export const AUTO_ID: Record<Dialect, string> = { sqlite: 'INTEGER PRIMARY KEY AUTOINCREMENT', postgres: 'BIGSERIAL PRIMARY KEY' };

/** A statement written once for both dialects but for what `of` puts in per dialect. */
export function perDialect(of: (dialect: Dialect) => string): Record<Dialect, string> {
  return { sqlite: of('sqlite'), postgres: of('postgres') };
}

export function defineMigration(spec: MigrationSpec): MigrationClass {
  const className = `${spec.name}${spec.timestamp}`;
  const holder = {
    [className]: class implements MigrationInterface {
      name = className;
      async up(runner: QueryRunner): Promise<void> {
        const dialect: Dialect = runner.connection.options.type === 'postgres' ? 'postgres' : 'sqlite';
        for (const statement of 'sql' in spec ? spec.sql : spec[dialect]) await runner.query(statement);
      }
      async down(): Promise<void> {
        throw new Error(`${className} is forward-only; restore from backup to go back`);
      }
    },
  };
  return holder[className];
}
