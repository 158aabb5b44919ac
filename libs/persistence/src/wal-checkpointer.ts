import { basename } from 'node:path';
import { DataSource } from 'typeorm';
import { sqlitePragmas, type SqliteStorage } from './open-database';

export interface CheckpointResult {
  store: string;
  /** Pages in the write-ahead log when the checkpoint ran. */
  logPages: number;
  /** Pages this checkpoint copied into the database file. */
  copiedPages: number;
  /** Pages of the log not copied yet: a reader still needs the database file as it was before them. */
  uncopiedPages: number;
}

/**
 * Copies write-ahead logs back into their SQLite files for connections opened with
 * `checkpoints: 'elsewhere'` (all-in-one's front): one connection of its own per file, a PASSIVE
 * checkpoint on each every interval. PASSIVE never waits for a reader or a writer and takes no lock a
 * writer needs, so the front's commits go on meanwhile; the copy and its fsyncs cost this thread's
 * time instead of a redirect's.
 */
export class WalCheckpointer {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private readonly last = new Map<string, { log: number; backfilled: number }>();

  private constructor(private readonly files: ReadonlyArray<{ store: string; connection: DataSource }>) {}

  /**
   * One connection per file (absolute paths of SQLite files, e.g. `sqliteFilesOpened()` of the thread
   * that leaves its checkpoints here). A file that cannot be opened is reported to `onSkipped` and left
   * out: its writers still checkpoint past their own limit.
   */
  static async open(storage: SqliteStorage, files: readonly string[], onSkipped: (file: string, err: unknown) => void): Promise<WalCheckpointer> {
    const opened: Array<{ store: string; connection: DataSource }> = [];
    for (const file of files) {
      const connection = new DataSource({ type: 'better-sqlite3', database: file, prepareDatabase: sqlitePragmas({ ...storage, checkpoints: 'inline' }) });
      try {
        await connection.initialize();
        opened.push({ store: basename(file, '.sqlite'), connection });
      } catch (err) {
        onSkipped(file, err);
      }
    }
    return new WalCheckpointer(opened);
  }

  get stores(): string[] {
    return this.files.map((f) => f.store);
  }

  /** One PASSIVE checkpoint of every file; a file whose checkpoint lock another connection holds is left for the next round. */
  async checkpoint(): Promise<CheckpointResult[]> {
    const results: CheckpointResult[] = [];
    for (const { store, connection } of this.files) {
      const [row] = (await connection.query('PRAGMA wal_checkpoint(PASSIVE)')) as Array<{ busy: number; log: number; checkpointed: number }>;
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

  /** A checkpoint of every file each `intervalMs`, its results to `onResults`. */
  start(intervalMs: number, onResults: (results: CheckpointResult[]) => void, onError: (err: unknown) => void): void {
    this.timer ??= setInterval(() => {
      this.running ??= this.checkpoint()
        .then(onResults, onError)
        .finally(() => (this.running = null));
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops the timer, runs a last checkpoint, closes the connections. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    await this.checkpoint().catch(() => undefined);
    for (const { connection } of this.files) if (connection.isInitialized) await connection.destroy().catch(() => undefined);
  }
}
