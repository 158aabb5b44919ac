import type { MigrationInterface, QueryRunner } from 'typeorm';
import type { Dialect } from './sql-dialect';

/** One schema change, written out for each dialect. Nothing is ever synchronised from entities. */
export interface MigrationSpec {
  /** Unix milliseconds; orders migrations and names them for TypeORM. */
  timestamp: number;
  name: string;
  sqlite: readonly string[];
  postgres: readonly string[];
}

export type MigrationClass = new () => MigrationInterface;

export function defineMigration(spec: MigrationSpec): MigrationClass {
  const className = `${spec.name}${spec.timestamp}`;
  const holder = {
    [className]: class implements MigrationInterface {
      name = className;
      async up(runner: QueryRunner): Promise<void> {
        const dialect: Dialect = runner.connection.options.type === 'postgres' ? 'postgres' : 'sqlite';
        for (const statement of spec[dialect]) await runner.query(statement);
      }
      async down(): Promise<void> {
        throw new Error(`${className} is forward-only; restore from backup to go back`);
      }
    },
  };
  return holder[className];
}
