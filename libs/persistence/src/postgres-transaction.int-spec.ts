import { Client } from 'pg';
import { provisionStorage, type TestStorage } from '@qr/testing';
import { type Database } from './database';
import { defineMigration } from './migration';
import { openDatabase } from './open-database';

const TABLE = ['CREATE TABLE items (id TEXT PRIMARY KEY, n BIGINT NOT NULL, blob BYTEA)'];
const migrations = [defineMigration({ timestamp: 1763700009500, name: 'Items', sqlite: TABLE, postgres: TABLE })];

/** The PostgreSQL transaction path: with values in the text, BEGIN with the first statement and COMMIT with the statements queued for it. */
describe('PostgreSQL transactions in few round trips', () => {
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

  it('takes two round trips for a read, a write and a statement at commit when values may go in the text, and commits all of them', async () => {
    await db.execute('INSERT INTO items (id, n) VALUES ($1, $2)', ['rt', 1]);
    queries.mockClear();
    const seen = await db.transaction(
      async (tx) => {
        const { rows } = await tx.query<{ n: number }>('SELECT n FROM items WHERE id = $1 FOR UPDATE', ['rt']);
        tx.atCommit('UPDATE items SET n = $1 WHERE id = $2', [rows[0].n + 1, 'rt']);
        tx.atCommit('INSERT INTO items (id, n) VALUES ($1, $2)', ['rt2', 7]);
        return rows[0].n;
      },
      { valuesInText: true },
    );
    expect(seen).toBe(1);
    expect(queries).toHaveBeenCalledTimes(2);
    expect([await n('rt'), await n('rt2')]).toEqual([2, 7]);
  });

  it('gives the same values with literals as with parameters, whatever the text holds', async () => {
    const cases: Array<[unknown, string]> = [
      ["it's a \\ back'slash", 'text'],
      ['ünïcödé ✓ 😀 \n tab\t', 'text'],
      ['', 'text'],
      [-42, 'int'],
      [2 ** 50, 'bigint'],
      [3.25, 'float8'],
      [true, 'boolean'],
      [null, 'text'],
      [new Date('2026-11-25T07:00:00.123Z'), 'timestamptz'],
      [['a', "b'c", 'd"e', 'f\\g', 'h,i', null, '{j}'], 'text[]'],
      [[1, 2, 3], 'int[]'],
      [{ nested: { quote: "'", backslash: '\\', list: [1, 'x'] } }, 'jsonb'],
    ];
    for (const [value, type] of cases) {
      const sql = `SELECT $1::${type} AS v`;
      const withParameters = (await db.query<{ v: unknown }>(sql, [value]))[0].v;
      // The first statement of a transaction goes with BEGIN, written with literals.
      const withLiterals = await db.transaction(async (tx) => (await tx.query<{ v: unknown }>(sql, [value])).rows[0].v, { valuesInText: true });
      expect({ type, value: withLiterals }).toEqual({ type, value: withParameters });
    }
  });

  it('sends a value that has no literal form with its parameters, in a round trip of its own', async () => {
    queries.mockClear();
    await db.transaction(
      async (tx) => {
        await tx.query('INSERT INTO items (id, n, blob) VALUES ($1, $2, $3)', ['blob', 1, Buffer.from([0, 1, 2, 255])]);
      },
      { valuesInText: true },
    );
    expect(queries).toHaveBeenCalledTimes(3);
    const [row] = await db.query<{ blob: Buffer }>('SELECT blob FROM items WHERE id = $1', ['blob']);
    expect([...row.blob]).toEqual([0, 1, 2, 255]);
  });

  it('keeps every value out of the SQL text unless the transaction allows it, and still merges statements that have none', async () => {
    queries.mockClear();
    await db.transaction(async (tx) => {
      await tx.query('SELECT 1 AS one');
      await tx.query('INSERT INTO items (id, n) VALUES ($1, $2)', ['private value', 5]);
      tx.atCommit('UPDATE items SET n = $1 WHERE id = $2', [6, 'private value']);
    });
    const texts = queries.mock.calls.map((call) => String(call[0]));
    expect(texts).toEqual(['BEGIN\n;\nSELECT 1 AS one', 'INSERT INTO items (id, n) VALUES ($1, $2)', 'UPDATE items SET n = $1 WHERE id = $2', 'COMMIT']);
    expect(await n('private value')).toBe(6);
  });

  it('refuses statements once it has ended: its connection may be serving another transaction', async () => {
    let kept: Parameters<Parameters<Database['transaction']>[0]>[0] | null = null;
    await db.transaction(async (tx) => {
      kept = tx;
      await tx.query('SELECT 1');
    });
    await expect(kept!.query('SELECT 1')).rejects.toThrow(/already ended/);
    expect(() => kept!.atCommit('SELECT 1')).toThrow(/already ended/);
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

  it('rolls everything back when a statement queued for the commit fails, and runs no afterCommit', async () => {
    const committed: string[] = [];
    await db.execute('INSERT INTO items (id, n) VALUES ($1, $2)', ['taken', 1]);
    const failed = db.transaction(
      async (tx) => {
        await tx.query('INSERT INTO items (id, n) VALUES ($1, $2)', ['first', 1]);
        tx.atCommit('INSERT INTO items (id, n) VALUES ($1, $2)', ['taken', 2]);
        tx.afterCommit(() => committed.push('first'));
      },
      { valuesInText: true },
    );
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

  it('runs a prepared statement as its own transaction in one round trip: it commits, and a failing one leaves nothing', async () => {
    // Its second part inserts $3 with no conflict clause: an id that exists fails the statement as it runs.
    const upsert = `WITH a AS (INSERT INTO items (id, n) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET n = items.n + EXCLUDED.n RETURNING n),
      b AS (INSERT INTO items (id, n) VALUES ($3, $4)) SELECT n FROM a`;
    queries.mockClear();
    expect(await db.prepared('test_upsert', upsert, ['p1', 5, 'p1_side', 1])).toEqual([{ n: 5 }]);
    expect(queries).toHaveBeenCalledTimes(1);
    // Again with other values on whichever connection the pool gives (prepared there once).
    for (let i = 0; i < 3; i++) await db.prepared('test_upsert', upsert, ['p1', 1, `p1_side${i}`, 1]);
    expect(await n('p1')).toBe(8);
    // Its second part fails (the id exists): the first part's write is not kept either.
    await expect(db.prepared('test_upsert', upsert, ['p1', 100, 'p1_side0', 1])).rejects.toThrow(/duplicate key/);
    expect([await n('p1'), await n('p1_side0')]).toEqual([8, 1]);
  });
});
