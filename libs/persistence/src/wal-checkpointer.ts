import { readdirSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { sqliteFile, sqlitePragmas, type StorageConfig } from './open-database';

type SqliteStorage = Extract<StorageConfig, { kind: 'sqlite' }>;

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

  /** One connection per store; `stores` defaults to every `*.sqlite` file in the data directory. */
  static async open(storage: SqliteStorage, stores: readonly string[] = storesIn(storage)): Promise<WalCheckpointer> {
    const files = [];
    for (const store of stores) {
      const connection = new DataSource({ type: 'better-sqlite3', database: sqliteFile(storage, store), prepareDatabase: sqlitePragmas({ ...storage, checkpoints: 'inline' }) });
      await connection.initialize();
      files.push({ store, connection });
    }
    return new WalCheckpointer(files);
  }

  get stores(): string[] {
    return this.files.map((f) => f.store);
  }

  /** One PASSIVE checkpoint of every file. */
  async checkpoint(): Promise<CheckpointResult[]> {
    const results: CheckpointResult[] = [];
    for (const { store, connection } of this.files) {
      const [row] = (await connection.query('PRAGMA wal_checkpoint(PASSIVE)')) as Array<{ log: number; checkpointed: number }>;
      // SQLite reports the log's size and how much of it is copied in all (-1 for both outside WAL mode).
      // A log shorter than last time has started over since: all of its copied pages are new.
      const log = Math.max(0, Number(row.log));
      const backfilled = Math.max(0, Number(row.checkpointed));
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
    for (const { connection } of this.files) if (connection.isInitialized) await connection.destroy();
  }
}

function storesIn(storage: SqliteStorage): string[] {
  return readdirSync(storage.dataDir)
    .filter((f) => f.endsWith('.sqlite'))
    .map((f) => f.slice(0, -'.sqlite'.length))
    .sort();
}
