import Sqlite from 'better-sqlite3';
import { basename } from 'node:path';
import type { SqliteStorage } from './open-database';

export interface CheckpointResult {
  store: string;
  /** Pages in the write-ahead log when the checkpoint ran. */
  logPages: number;
  /** Pages this checkpoint copied into the database file. */
  copiedPages: number;
  /** Pages of the log not copied yet: a reader still needs the database file as it was before them. */
  uncopiedPages: number;
}

/** The writers' `synchronous` setting: it decides the fsyncs a checkpoint makes (NORMAL and FULL both sync the log, then the file). */
export type WalCheckpointerOptions = Pick<SqliteStorage, 'synchronous'>;

/**
 * Copies write-ahead logs back into their SQLite files for connections opened with
 * `checkpoints: 'elsewhere'` (all-in-one's front): one connection of its own per file, a PASSIVE
 * checkpoint of each when asked. PASSIVE never waits for a reader or a writer and takes no lock a
 * writer needs, so the writers' commits go on meanwhile. It runs on better-sqlite3 alone, so the thread
 * it runs on (`WalCheckpointThread`) loads nothing else.
 */
export class WalCheckpointer {
  private readonly last = new Map<string, { log: number; backfilled: number }>();

  private constructor(private readonly files: ReadonlyArray<{ store: string; connection: Sqlite.Database }>) {}

  /**
   * One connection per file (absolute paths of SQLite files, e.g. `sqliteFilesOpened()` of the thread
   * that leaves its checkpoints here). A file that cannot be opened is reported to `onSkipped` and left
   * out: its writers still checkpoint past their own limit.
   */
  static open(files: readonly string[], o: WalCheckpointerOptions, onSkipped: (file: string, err: unknown) => void): WalCheckpointer {
    const opened: Array<{ store: string; connection: Sqlite.Database }> = [];
    for (const file of files) {
      let connection: Sqlite.Database | null = null;
      try {
        connection = new Sqlite(file, { fileMustExist: true });
        connection.pragma(`synchronous = ${o.synchronous ?? 'NORMAL'}`);
        // Reads the header: a file that is not a database fails here, not at its first checkpoint.
        connection.pragma('journal_mode');
        opened.push({ store: basename(file, '.sqlite'), connection });
      } catch (err) {
        connection?.close();
        onSkipped(file, err);
      }
    }
    return new WalCheckpointer(opened);
  }

  get stores(): string[] {
    return this.files.map((f) => f.store);
  }

  /** One PASSIVE checkpoint of every file; a file whose checkpoint lock another connection holds is left for the next round. */
  checkpoint(): CheckpointResult[] {
    const results: CheckpointResult[] = [];
    for (const { store, connection } of this.files) {
      const [row] = connection.pragma('wal_checkpoint(PASSIVE)') as Array<{ busy: number; log: number; checkpointed: number }>;
      // Busy (another checkpoint runs) or not in WAL mode: SQLite reports -1 for both counts.
      const log = Number(row.log);
      const backfilled = Number(row.checkpointed);
      if (Number(row.busy) !== 0 || log < 0 || backfilled < 0) continue;
      // SQLite reports the log's size and how much of it is copied in all. A log shorter than last time
      // has started over since: all of its copied pages are new. (One that started over and outgrew the
      // old size looks unchanged: that round's copy goes uncounted, a metric's loss only.)
      const before = this.last.get(store);
      this.last.set(store, { log, backfilled });
      const copiedPages = before && log >= before.log ? Math.max(0, backfilled - before.backfilled) : backfilled;
      results.push({ store, logPages: log, copiedPages, uncopiedPages: log - backfilled });
    }
    return results;
  }

  /** Runs a last checkpoint and closes the connections. */
  close(): CheckpointResult[] {
    let last: CheckpointResult[] = [];
    try {
      last = this.checkpoint();
    } catch {
      // A file that went away: nothing left to copy into it.
    }
    for (const { connection } of this.files) if (connection.open) connection.close();
    return last;
  }
}
