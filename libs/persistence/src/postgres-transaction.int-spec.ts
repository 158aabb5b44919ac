import { Client } from 'pg';
import { provisionStorage, type TestStorage } from '@qr/testing';
import { type Database } from './database';
import { defineMigration } from './migration';
import { openDatabase } from './open-database';

// The client's own query, for a spy that passes calls through.
const realQuery = Client.prototype.query;
const TABLE = ['CREATE TABLE items (id TEXT PRIMARY KEY, n BIGINT NOT NULL, blob BYTEA)'];
const migrations = [defineMigration({ timestamp: 1763700009500, name: 'Items', sqlite: TABLE, postgres: TABLE })];

/** The PostgreSQL transaction path on a pooled node-postgres client. */
describe('PostgreSQL transactions', () => {
  let provisioned: TestStorage;
  let db: Database;
  // Passes every call through to the real client: only counts the round trips.
  let queries: jest.SpyInstance;

  beforeAll(async () => {
    provisioned = await provisionStorage('postgres');
    db = await openDatabase({ name: 'items', storage: provisioned.storage, migrations, runMigrations: true, poolSize: 2 });
  });
  beforeEach(() => (queries = jest.spyOn(Client.prototype, 'query')));
  afterEach(() => queries.mockRestore());
  afterAll(async () => {
    await db.close();
    await provisioned.cleanup();
  });

  const n = async (id: string) => (await db.query<{ n: number }>('SELECT n FROM items WHERE id = $1', [id]))[0]?.n;

  it('sends every value as a parameter, never in the SQL text, and commits', async () => {
    queries.mockClear();
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO items (id, n, blob) VALUES ($1, $2, $3)', ['private value', 5, Buffer.from([0, 1, 2, 255])]);
      await tx.query('UPDATE items SET n = $1 WHERE id = $2', [6, 'private value']);
    });
    const texts = queries.mock.calls.map((call) => String(call[0]));
    expect(texts).toEqual(['BEGIN', 'INSERT INTO items (id, n, blob) VALUES ($1, $2, $3)', 'UPDATE items SET n = $1 WHERE id = $2', 'COMMIT']);
    expect(await n('private value')).toBe(6);
    const [row] = await db.query<{ blob: Buffer }>('SELECT blob FROM items WHERE id = $1', ['private value']);
    expect([...row.blob]).toEqual([0, 1, 2, 255]);
  });

  it('pipelines: BEGIN goes with the first statement, and the writes sent without waiting go with the COMMIT', async () => {
    const order: string[] = [];
    queries.mockImplementation(function (this: Client, ...args: unknown[]) {
      const text = String(args[0]).split(' ')[0];
      order.push(`sent ${text}`);
      const answer = (realQuery as (...a: unknown[]) => Promise<unknown> | undefined).apply(this, args);
      // The pool's own calls pass a callback and get no promise.
      void answer?.then(() => order.push(`answered ${text}`));
      return answer;
    } as never);
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO items (id, n) VALUES ($1, $2)', ['pipelined', 1]);
      tx.send('UPDATE items SET n = $1 WHERE id = $2', [2, 'pipelined']);
    });
    // Each statement is written before the answer to the one before it: two round trips, not four.
    expect(order).toEqual([
      'sent BEGIN',
      'sent INSERT',
      'answered BEGIN',
      'answered INSERT',
      'sent UPDATE',
      'sent COMMIT',
      'answered UPDATE',
      'answered COMMIT',
    ]);
    expect(await n('pipelined')).toBe(2);
  });

  it('refuses statements once it has ended: its connection may be serving another transaction', async () => {
    let kept: Parameters<Parameters<Database['transaction']>[0]>[0] | null = null;
    await db.transaction(async (tx) => {
      kept = tx;
      await tx.query('SELECT 1');
    });
    await expect(kept!.query('SELECT 1')).rejects.toThrow(/already ended/);
    expect(() => kept!.afterCommit(() => undefined)).toThrow(/already ended/);
  });

  it('fails only the transaction whose connection is terminated under it, and the process and the pool go on', async () => {
    const failed = db.transaction(async (tx) => {
      const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await db.query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
      // The backend's goodbye arrives while no statement is running: an error event on the idle client.
      await new Promise((r) => setTimeout(r, 200));
      await tx.query('SELECT 1');
    });
    await expect(failed).rejects.toThrow();
    const results = await Promise.all(
      [1, 2, 3].map((k) => db.transaction(async (tx) => (await tx.query<{ k: number }>('SELECT $1::int AS k', [k])).rows[0].k)),
    );
    expect(results).toEqual([1, 2, 3]);
  });

  it('rolls everything back when a later statement fails, and runs no afterCommit', async () => {
    const committed: string[] = [];
    await db.execute('INSERT INTO items (id, n) VALUES ($1, $2)', ['taken', 1]);
    const failed = db.transaction(async (tx) => {
      await tx.query('INSERT INTO items (id, n) VALUES ($1, $2)', ['first', 1]);
      tx.afterCommit(() => committed.push('first'));
      await tx.query('INSERT INTO items (id, n) VALUES ($1, $2)', ['taken', 2]);
    });
    await expect(failed).rejects.toMatchObject({ code: '23505' });
    expect([await n('first'), await n('taken'), committed]).toEqual([undefined, 1, []]);
  });

  it('fails a transaction whose body went on after a failed statement: PostgreSQL answers its COMMIT with ROLLBACK', async () => {
    const committed: string[] = [];
    const failed = db.transaction(async (tx) => {
      await tx.query('INSERT INTO items (id, n) VALUES ($1, $2)', ['swallowed', 1]);
      await tx.query('SELECT 1 / 0').catch(() => undefined);
      tx.afterCommit(() => committed.push('swallowed'));
    });
    await expect(failed).rejects.toThrow(/rolled back/);
    expect([await n('swallowed'), committed]).toEqual([undefined, []]);
  });

  it('leaves the pool usable after failures: every connection comes back clean', async () => {
    for (let i = 0; i < 4; i++) {
      await expect(db.transaction((tx) => tx.query('SELECT missing_column FROM items'))).rejects.toMatchObject({ code: '42703' });
    }
    const results = await Promise.all(
      [1, 2, 3].map((k) => db.transaction(async (tx) => (await tx.query<{ k: number }>('SELECT $1::int AS k', [k])).rows[0].k)),
    );
    expect(results).toEqual([1, 2, 3]);
  });

  it('sends nothing for a transaction that ran no statement', async () => {
    queries.mockClear();
    expect(await db.transaction(async () => 'nothing')).toBe('nothing');
    expect(queries).not.toHaveBeenCalled();
  });
});
