import Sqlite from 'better-sqlite3';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTempDir } from '@qr/testing';
import { type Database } from './database';
import { defineMigration } from './migration';
import { DEFERRED_CHECKPOINT_PAGES, openDatabase, sqliteFile, sqliteFilesOpened, type SqliteStorage } from './open-database';
import { WalCheckpointThread } from './wal-checkpoint-thread';
import { type CheckpointResult, WalCheckpointer } from './wal-checkpointer';

// The thread runs the built worker entry (a worker thread cannot load TypeScript sources).
const BUILT_WORKER = join(__dirname, '../../../dist/libs/persistence/src/wal-checkpoint-worker.js');

const TABLE = ['CREATE TABLE blobs (id INTEGER PRIMARY KEY, body TEXT NOT NULL)'];
const migrations = [defineMigration({ timestamp: 1763700010000, name: 'Blobs', sqlite: TABLE, postgres: TABLE })];

/** About 1,500 pages of log: past SQLite's own 1,000-page autocheckpoint. */
async function writePages(db: Database): Promise<void> {
  for (let batch = 0; batch < 15; batch++) {
    await db.transaction(async (tx) => {
      for (let i = 0; i < 100; i++) await tx.query('INSERT INTO blobs (body) VALUES ($1)', ['x'.repeat(3500)]);
    });
  }
}

function logPages(file: string): number {
  const probe = new Sqlite(file);
  try {
    // Its own PASSIVE checkpoint reports the log's size in pages (`log`); the copy it makes does not change that.
    const [row] = probe.pragma('wal_checkpoint(PASSIVE)') as Array<{ log: number }>;
    return row.log;
  } finally {
    probe.close();
  }
}

describe('WAL checkpoints left to another connection (all-in-one front → checkpoint thread)', () => {
  const dir = createTempDir('wal-checkpointer');
  const inline: SqliteStorage = { kind: 'sqlite', dataDir: dir.path };
  const elsewhere: SqliteStorage = { kind: 'sqlite', dataDir: dir.path, checkpoints: 'elsewhere' };
  const never = (file: string, err: unknown) => {
    throw new Error(`${file} skipped: ${String(err)}`);
  };
  afterAll(() => dir.remove());

  it('a connection that checkpoints elsewhere lets its log grow past 1,000 pages; an inline one does not', async () => {
    const deferred = await openDatabase({ name: 'deferred', storage: elsewhere, migrations, runMigrations: true });
    const own = await openDatabase({ name: 'own', storage: inline, migrations, runMigrations: true });
    try {
      expect(await deferred.dataSource.query('PRAGMA wal_autocheckpoint')).toEqual([{ wal_autocheckpoint: DEFERRED_CHECKPOINT_PAGES }]);
      await writePages(deferred);
      await writePages(own);
      expect(logPages(sqliteFile(elsewhere, 'deferred'))).toBeGreaterThan(1400);
      expect(logPages(sqliteFile(inline, 'own'))).toBeLessThan(1000);
    } finally {
      await deferred.close();
      await own.close();
    }
  });

  it('copies every page of the log on a PASSIVE checkpoint', async () => {
    const db = await openDatabase({ name: 'copied', storage: elsewhere, migrations, runMigrations: true });
    const checkpointer = WalCheckpointer.open([sqliteFile(inline, 'copied')], {}, never);
    try {
      await writePages(db);
      const [first] = checkpointer.checkpoint();
      expect(first.store).toBe('copied');
      expect(first.logPages).toBeGreaterThan(1400);
      expect(first.copiedPages).toBe(first.logPages);
      expect(first.uncopiedPages).toBe(0);
      const [again] = checkpointer.checkpoint();
      expect(again).toEqual({ store: 'copied', logPages: first.logPages, copiedPages: 0, uncopiedPages: 0 });
      // The next commit starts the log over; everything written before is in the database file.
      await db.execute('INSERT INTO blobs (body) VALUES ($1)', ['after']);
      expect(logPages(sqliteFile(inline, 'copied'))).toBeLessThan(10);
      expect((await db.query<{ n: number }>('SELECT COUNT(*) AS n FROM blobs'))[0].n).toBe(1501);
    } finally {
      checkpointer.close();
      await db.close();
    }
  });

  it('never waits for a reader: pages an open read snapshot still needs are left for the next checkpoint', async () => {
    const db = await openDatabase({ name: 'read', storage: elsewhere, migrations, runMigrations: true });
    const checkpointer = WalCheckpointer.open([sqliteFile(inline, 'read')], {}, never);
    const reader = new Sqlite(sqliteFile(inline, 'read'));
    try {
      await db.execute('INSERT INTO blobs (body) VALUES ($1)', ['first']);
      reader.exec('BEGIN');
      expect(reader.prepare('SELECT COUNT(*) AS n FROM blobs').get()).toEqual({ n: 1 });
      await writePages(db);
      const [held] = checkpointer.checkpoint();
      expect(held.copiedPages).toBeLessThan(held.logPages);
      expect(held.uncopiedPages).toBe(held.logPages - held.copiedPages);
      reader.exec('COMMIT');
      const [freed] = checkpointer.checkpoint();
      expect(freed.uncopiedPages).toBe(0);
      expect(freed.copiedPages).toBe(held.uncopiedPages);
    } finally {
      reader.close();
      checkpointer.close();
      await db.close();
    }
  });

  it('checkpoints the files it is given on a thread of its own, reports only changes, and leaves out a file it cannot open', async () => {
    const db = await openDatabase({ name: 'timed', storage: elsewhere, migrations, runMigrations: true });
    // What all-in-one's front hands the thread: every SQLite file it opened, as absolute paths.
    expect(sqliteFilesOpened()).toEqual(expect.arrayContaining(['deferred', 'own', 'copied', 'read', 'timed'].map((s) => sqliteFile(inline, s))));
    const notSqlite = join(dir.path, 'notes.sqlite');
    writeFileSync(notSqlite, 'not a database, just a file with a misleading name '.repeat(200));
    const missing = join(dir.path, 'missing.sqlite');
    const skipped: string[] = [];
    const errors: string[] = [];
    const reports: CheckpointResult[][] = [];
    await writePages(db);
    const thread = WalCheckpointThread.start([sqliteFile(inline, 'timed'), notSqlite, missing], {
      intervalMs: 20,
      entry: BUILT_WORKER,
      onResults: (results) => reports.push(results),
      onSkipped: (file) => skipped.push(file),
      onError: (error) => errors.push(error),
    });
    try {
      await until(() => reports.length > 0);
      expect(skipped).toEqual([notSqlite, missing]);
      expect(reports[0]).toEqual([{ store: 'timed', logPages: expect.any(Number), copiedPages: expect.any(Number), uncopiedPages: 0 }]);
      expect(reports[0][0].copiedPages).toBeGreaterThan(1400);
      // Ten more rounds with nothing new to copy: nothing is posted.
      await new Promise((r) => setTimeout(r, 200));
      expect(reports).toHaveLength(1);
      await db.execute('INSERT INTO blobs (body) VALUES ($1)', ['after']);
      await until(() => reports.length > 1);
      expect(reports[1]).toEqual([expect.objectContaining({ store: 'timed', uncopiedPages: 0 })]);
      expect(reports[1][0].copiedPages).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await db.close();
      await thread.close();
    }
    expect(thread.running).toBe(false);
    // The thread closed after the writer: as the last connection out, it copied everything and removed the log.
    expect(existsSync(`${sqliteFile(inline, 'timed')}-wal`)).toBe(false);
  });
});

async function until(done: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}
