import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { provisionStorage, STORAGE_KINDS, type TestStorage } from '@qr/testing';
import { type Database } from './database';
import { defineMigration } from './migration';
import { openDatabase, sqliteFile } from './open-database';
import { WalCheckpointThread } from './wal-checkpoint-thread';

const TABLE = ['CREATE TABLE items (id TEXT PRIMARY KEY, n BIGINT NOT NULL)'];
const migrations = [defineMigration({ timestamp: 1763700009000, name: 'Items', sqlite: TABLE, postgres: TABLE })];

describe.each(STORAGE_KINDS)('Database on %s', (kind) => {
  let provisioned: TestStorage;
  let db: Database;

  beforeAll(async () => {
    provisioned = await provisionStorage(kind);
    db = await openDatabase({ name: 'items', storage: provisioned.storage, migrations, runMigrations: true });
  });
  afterAll(async () => {
    await db.close();
    await provisioned.cleanup();
  });

  it('returns rows and affected counts alike on both dialects, RETURNING included', async () => {
    const inserted = await db.execute('INSERT INTO items (id, n) VALUES ($1, $2), ($3, $4)', ['a', 1, 'b', 2]);
    expect(inserted.affected).toBe(2);
    const updated = await db.execute<{ id: string; n: number }>('UPDATE items SET n = n + $1 WHERE id = $2 RETURNING id, n', [10, 'a']);
    expect(updated.rows).toEqual([{ id: 'a', n: 11 }]);
    expect(updated.affected).toBe(1);
    const none = await db.execute('UPDATE items SET n = 0 WHERE id = $1', ['zzz']);
    expect(none.affected).toBe(0);
    expect(await db.query<{ n: number }>('SELECT n FROM items WHERE id = $1 AND n > $2 AND id = $1', ['b', 1])).toEqual([{ n: 2 }]);
  });

  it('rolls back everything when the body throws, and runs afterCommit only on commit', async () => {
    const committed: string[] = [];
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO items (id, n) VALUES ($1, $2)', ['rolled', 1]);
        tx.afterCommit(() => committed.push('rolled'));
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO items (id, n) VALUES ($1, $2)', ['kept', 1]);
      tx.afterCommit(() => committed.push('kept'));
    });
    expect(await db.query('SELECT id FROM items WHERE id IN ($1, $2)', ['rolled', 'kept'])).toEqual([{ id: 'kept' }]);
    expect(committed).toEqual(['kept']);
  });

  it('rejects a failing statement with an Error carrying the database’s code, and keeps nothing of its transaction', async () => {
    await db.execute('INSERT INTO items (id, n) VALUES ($1, $2)', ['taken', 1]);
    const failed = db.transaction(async (tx) => {
      await tx.query('INSERT INTO items (id, n) VALUES ($1, $2)', ['before-duplicate', 1]);
      await tx.query('INSERT INTO items (id, n) VALUES ($1, $2)', ['taken', 2]);
    });
    const err = await failed.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(kind === 'sqlite' ? /UNIQUE constraint failed: items\.id/ : /duplicate key value/);
    if (kind === 'sqlite') expect((err as { code?: string }).code).toBe('SQLITE_CONSTRAINT_PRIMARYKEY');
    expect(await db.query('SELECT id, n FROM items WHERE id IN ($1, $2) ORDER BY id', ['before-duplicate', 'taken'])).toEqual([{ id: 'taken', n: 1 }]);
    // The connection is usable again: the failed transaction was rolled back, not left open.
    await db.execute('INSERT INTO items (id, n) VALUES ($1, $2)', ['after-failure', 1]);
    expect(await db.query('SELECT id FROM items WHERE id = $1', ['after-failure'])).toEqual([{ id: 'after-failure' }]);
  });

  it('commits the writes a body sent without waiting, and fails the whole transaction when one of them fails', async () => {
    const committed: string[] = [];
    await db.transaction(async (tx) => {
      tx.send('INSERT INTO items (id, n) VALUES ($1, $2)', ['sent', 1]);
      tx.send('UPDATE items SET n = n + $1 WHERE id = $2', [1, 'sent']);
      tx.afterCommit(() => committed.push('sent'));
    });
    expect([await db.query('SELECT n FROM items WHERE id = $1', ['sent']), committed]).toEqual([[{ n: 2 }], ['sent']]);
    await db.execute('INSERT INTO items (id, n) VALUES ($1, $2)', ['sent-taken', 1]);
    const failed = db.transaction(async (tx) => {
      tx.send('INSERT INTO items (id, n) VALUES ($1, $2)', ['sent-before-duplicate', 1]);
      tx.send('INSERT INTO items (id, n) VALUES ($1, $2)', ['sent-taken', 2]);
      tx.afterCommit(() => committed.push('failed'));
    });
    await expect(failed).rejects.toThrow(kind === 'sqlite' ? /UNIQUE constraint failed/ : /duplicate key value/);
    expect(await db.query('SELECT id, n FROM items WHERE id IN ($1, $2) ORDER BY id', ['sent-before-duplicate', 'sent-taken'])).toEqual([
      { id: 'sent-taken', n: 1 },
    ]);
    expect(committed).toEqual(['sent']);
  });

  it('does not show a transaction’s uncommitted writes to readers', async () => {
    let seenInside: unknown[] = [];
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO items (id, n) VALUES ($1, $2)', ['pending', 1]);
      seenInside = await db.query('SELECT id FROM items WHERE id = $1', ['pending']);
    });
    expect(seenInside).toEqual([]);
    expect(await db.query('SELECT id FROM items WHERE id = $1', ['pending'])).toEqual([{ id: 'pending' }]);
  });

  it('serialises concurrent read-modify-write transactions without losing an update', async () => {
    await db.execute('INSERT INTO items (id, n) VALUES ($1, 0)', ['counter']);
    await Promise.all(
      Array.from({ length: 30 }, () =>
        db.transaction(async (tx) => {
          await tx.query('UPDATE items SET n = n + 1 WHERE id = $1', ['counter']);
        }),
      ),
    );
    expect(await db.query('SELECT n FROM items WHERE id = $1', ['counter'])).toEqual([{ n: 30 }]);
  });
});

describe('SQLite write lock held by another connection (all-in-one’s other thread, the admin CLI)', () => {
  let provisioned: TestStorage;
  let first: Database;
  let second: Database;

  beforeAll(async () => {
    provisioned = await provisionStorage('sqlite');
    first = await openDatabase({ name: 'items', storage: provisioned.storage, migrations, runMigrations: true });
    second = await openDatabase({ name: 'items', storage: provisioned.storage, migrations, runMigrations: false });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await provisioned.cleanup();
  });

  it('waits for the lock without blocking the event loop, then commits; nothing is lost', async () => {
    await first.execute('INSERT INTO items (id, n) VALUES ($1, 0)', ['shared']);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstHasLock: () => void = () => undefined;
    const locked = new Promise<void>((resolve) => (firstHasLock = resolve));
    const holder = first.transaction(async (tx) => {
      await tx.query('UPDATE items SET n = n + 1 WHERE id = $1', ['shared']);
      firstHasLock();
      await held;
    });
    await locked;
    let secondDone = false;
    const waiter = second.transaction((tx) => tx.query('UPDATE items SET n = n + 10 WHERE id = $1', ['shared'])).then(() => (secondDone = true));
    // Timers still fire while the second connection waits: a blocking busy timeout would stall them all.
    const ticks: number[] = [];
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 20));
      ticks.push(i);
    }
    expect(ticks).toHaveLength(5);
    expect(secondDone).toBe(false);
    release();
    await holder;
    await waiter;
    expect(await second.query('SELECT n FROM items WHERE id = $1', ['shared'])).toEqual([{ n: 11 }]);
  });
});

describe('SQLite checkpoints left to WalCheckpointThread (all-in-one’s front)', () => {
  let provisioned: TestStorage;

  beforeAll(async () => {
    provisioned = await provisionStorage('sqlite');
  });
  afterAll(() => provisioned.cleanup());

  /** Over 8 MB of log in 400 commits: at least twice SQLite's own checkpoint threshold (1,000 pages of 4 kB). */
  async function write(db: Database, prefix: string): Promise<void> {
    for (let i = 0; i < 400; i++) await db.execute('INSERT INTO items (id, n) VALUES ($1, $2)', [`${prefix}${i}`.padEnd(20_000, 'x'), i]);
  }
  const file = (store: string) => sqliteFile(provisioned.storage as { dataDir: string }, store);
  const walBytes = (store: string) => statSync(`${file(store)}-wal`).size;

  it('a writer whose checkpoints run elsewhere leaves its log whole until the thread copies it', async () => {
    const writer = await openDatabase({ name: 'items', storage: provisioned.storage, migrations, runMigrations: true, checkpointsElsewhere: true });
    const inline = await openDatabase({ name: 'inline', storage: provisioned.storage, migrations, runMigrations: true });
    try {
      await write(writer, 'a');
      await write(inline, 'a');
      // The inline writer's log started over after each of its own checkpoints (past 4 MB); the other one holds it all.
      const whole = walBytes('items');
      expect(whole).toBeGreaterThan(8_000_000);
      expect(walBytes('inline')).toBeLessThan(whole / 2);
      // Its last round on closing is certain to have run (the interval's depend on the machine's load).
      await WalCheckpointThread.start([resolve(file('items'))]).close();
      // Copied: the writer's next commits start the log over instead of growing it.
      await write(writer, 'b');
      expect(walBytes('items')).toBeLessThan(whole * 1.5);
      expect(await writer.query('SELECT COUNT(*) AS n FROM items')).toEqual([{ n: 800 }]);
    } finally {
      for (const db of [writer, inline]) await db.close();
    }
  });
});
