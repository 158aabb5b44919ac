import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export const TEST_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestPostgres {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A fresh, empty PostgreSQL database per test file; dropped (with its connections) afterwards. */
export async function createTestPostgres(label = 'qr'): Promise<TestPostgres> {
  const name = `${label}_test_${randomBytes(5).toString('hex')}`;
  const admin = new Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const c = new Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
