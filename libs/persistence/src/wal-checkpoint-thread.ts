import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { type CheckpointResult, type WalCheckpointerOptions } from './wal-checkpointer';

/** What the checkpoint thread is started with. */
export interface WalCheckpointThreadData extends WalCheckpointerOptions {
  files: string[];
  intervalMs: number;
}

export type ToCheckpointThread = { kind: 'close' };
export type FromCheckpointThread =
  { kind: 'results'; results: CheckpointResult[] } | { kind: 'skipped'; file: string; error: string } | { kind: 'error'; error: string };

export interface WalCheckpointThreadOptions extends WalCheckpointerOptions {
  /** How often every file is checkpointed (default 100 ms). */
  intervalMs?: number;
  /** Stores whose checkpoint copied pages or whose uncopied count changed (every store once at start). */
  onResults: (results: CheckpointResult[]) => void;
  /** A file the thread cannot open: its writers checkpoint it themselves past their own limit. */
  onSkipped: (file: string, error: string) => void;
  /** A round that failed, or the thread itself: the writers' own limit still holds the logs. */
  onError: (error: string) => void;
  /** The built worker entry; tests that run from sources point it at the build. */
  entry?: string;
}

/** Often enough that under full redirect load a round copies a few MB, far below the writers' 64 MB limit. */
const DEFAULT_INTERVAL_MS = 100;

/**
 * All-in-one's WAL checkpoints, on a thread of their own. The front's stores leave their checkpoints
 * elsewhere (`checkpoints: 'elsewhere'`); when the background thread ran them, it did so at SCHED_IDLE,
 * so under full load it got no CPU, the logs reached the front's 64 MB limit within seconds, and the
 * front's commit that crossed it copied the log and made its fsyncs itself: 40–70 ms with every request
 * waiting (docs/benchmarks.md). This thread keeps the priority of the thread that starts it (the
 * front's), and spends its time mostly waiting on the disk, so it keeps up without taking the front's CPU.
 */
export class WalCheckpointThread {
  private closed: Promise<void> | null = null;
  private exited = false;

  private constructor(
    private readonly worker: Worker,
    private readonly exit: Promise<void>,
  ) {
    void exit.then(() => (this.exited = true));
  }

  static start(files: readonly string[], o: WalCheckpointThreadOptions): WalCheckpointThread {
    const data: WalCheckpointThreadData = { files: [...files], synchronous: o.synchronous, intervalMs: o.intervalMs ?? DEFAULT_INTERVAL_MS };
    const worker = new Worker(o.entry ?? join(__dirname, 'wal-checkpoint-worker.js'), { workerData: data });
    worker.on('message', (m: FromCheckpointThread) => {
      if (m.kind === 'results') o.onResults(m.results);
      else if (m.kind === 'skipped') o.onSkipped(m.file, m.error);
      else if (m.kind === 'error') o.onError(m.error);
    });
    worker.on('error', (err) => o.onError(err.stack ?? String(err)));
    // It only ever waits for its timer; the process must not stay up for it.
    worker.unref();
    const exit = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    return new WalCheckpointThread(worker, exit);
  }

  get running(): boolean {
    return !this.exited;
  }

  /** A last checkpoint of every file (reported), then the thread ends. */
  close(): Promise<void> {
    this.closed ??= this.exited
      ? Promise.resolve()
      : (async () => {
          this.worker.postMessage({ kind: 'close' } satisfies ToCheckpointThread);
          // A thread stuck in a checkpoint (a disk that stopped answering) must not hold the shutdown forever.
          const timer = setTimeout(() => void this.worker.terminate(), 10_000);
          await this.exit;
          clearTimeout(timer);
        })();
    return this.closed;
  }
}
