import { existsSync } from 'node:fs';
import Sqlite from 'better-sqlite3';
import { isBusy } from '../database';

export interface SnapshotCopy {
  /** A live SQLite database (WAL mode), possibly being written by a server. */
  source: string;
  /** A file that does not exist yet. */
  dest: string;
}

export interface SnapshotReport {
  /** How long writers to the sources were held off while the snapshot was fixed. */
  pausedMs: number;
  /** Attempts it took to hold every write lock at once. */
  attempts: number;
}

/** How long to wait for one file's write lock while holding others (the server's writers give up after 5 s). */
const LOCK_WAIT_MS = 250;
/** How many times to try holding every lock at once before giving up. */
const MAX_ATTEMPTS = 40;

/**
 * Copies several SQLite databases as they all were at one instant, while they are being written.
 *
 * Why one instant: the stores depend on one another (an outbox row relayed into the event log, a
 * consumer's offset in the log and its state in its own store, a scan count and its events), and
 * every crash-safety argument in this system is about states a kill -9 can leave. A copy of each file
 * taken at its own moment is not such a state; copies taken at one instant are.
 *
 * How: hold every file's write lock at once (BEGIN IMMEDIATE, always in the given order), open a read
 * transaction on each file (in WAL mode that fixes its snapshot), and let the writers go again. That
 * pause lasts milliseconds; the server's writers wait for it as for any other writer. SQLite's online
 * backup then copies each snapshot page by page while the server carries on: a backup step run inside
 * an open read transaction reads that transaction's snapshot, whatever is committed meanwhile.
 */
export async function copySnapshot(copies: readonly SnapshotCopy[]): Promise<SnapshotReport> {
  for (const c of copies) {
    if (!existsSync(c.source)) throw new Error(`no SQLite database at ${c.source}`);
    if (existsSync(c.dest)) throw new Error(`${c.dest} already exists`);
  }
  const readers = copies.map((c) => new Sqlite(c.source, { readonly: true, fileMustExist: true }));
  try {
    const report = await fixSnapshots(
      copies.map((c) => c.source),
      readers,
    );
    for (const [i, c] of copies.entries()) {
      await readers[i].backup(c.dest);
      // A copy is one self-contained file: in rollback-journal mode, opening it to read leaves no -wal or -shm beside it.
      const copy = new Sqlite(c.dest, { fileMustExist: true });
      copy.pragma('journal_mode = DELETE');
      copy.close();
    }
    return report;
  } finally {
    for (const r of readers) {
      if (r.inTransaction) r.exec('COMMIT');
      r.close();
    }
  }
}

async function fixSnapshots(sources: readonly string[], readers: Sqlite.Database[]): Promise<SnapshotReport> {
  for (let attempt = 1; ; attempt++) {
    const lockers: Sqlite.Database[] = [];
    let pausedAt = 0;
    let fixed = false;
    try {
      for (const source of sources) {
        const locker = new Sqlite(source, { fileMustExist: true, timeout: LOCK_WAIT_MS });
        lockers.push(locker);
        locker.exec('BEGIN IMMEDIATE');
        if (pausedAt === 0) pausedAt = performance.now();
      }
      // No writer can commit now: each read transaction's first read fixes the same instant for all files.
      for (const r of readers) {
        r.exec('BEGIN');
        r.prepare('SELECT count(*) FROM sqlite_schema').get();
      }
      fixed = true;
    } catch (err) {
      for (const r of readers) if (r.inTransaction) r.exec('COMMIT');
      if (!isBusy(err) || attempt >= MAX_ATTEMPTS) throw err;
    } finally {
      for (const l of lockers) {
        if (l.inTransaction) l.exec('ROLLBACK');
        l.close();
      }
    }
    if (fixed) return { pausedMs: Math.round((performance.now() - pausedAt) * 10) / 10, attempts: attempt };
    // Busy writers held one of the locks too long: let everything go and try again a moment later.
    await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
  }
}
