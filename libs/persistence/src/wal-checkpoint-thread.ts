import { Worker } from 'node:worker_threads';

/** How often every file is checkpointed: at 250 ms and 500 ms a busy front's log still reached its own limit now and then. */
const INTERVAL_MS = 100;

// The thread loads better-sqlite3 alone (by its path: an eval'd worker resolves nothing by name).
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Sqlite = require(workerData.driver);
const files = [];
for (const file of workerData.files) {
  try {
    const connection = new Sqlite(file, { fileMustExist: true });
    connection.pragma('synchronous = ' + workerData.synchronous);
    files.push(connection);
  } catch (err) {
    // Its writers still checkpoint it themselves past their limit.
    parentPort.postMessage(file + ': ' + String(err));
  }
}
const round = () => {
  for (const connection of files) {
    try {
      connection.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // A full disk or a file gone: its writers still checkpoint it themselves past their limit.
    }
  }
};
const timer = setInterval(round, workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  round();
  for (const connection of files) connection.close();
  parentPort.close();
});
`;

/**
 * All-in-one's WAL checkpoints, on a thread of their own at the front's priority: a PASSIVE checkpoint of
 * each file every 100 ms. PASSIVE waits for no reader or writer and takes no lock a writer needs, so the
 * front's commits go on meanwhile; the front's own connections checkpoint only past a 64 MB log
 * (OpenDatabaseOptions.checkpointsElsewhere). Inline, each checkpoint's copy and fsyncs held a front
 * commit, and the event loop with it (docs/benchmarks.md, "What we tried").
 */
export class WalCheckpointThread {
  private constructor(private readonly worker: Worker) {}

  /** `onProblem`: a file the thread cannot open, or the thread failing. */
  static start(
    files: readonly string[],
    synchronous: 'NORMAL' | 'FULL' = 'NORMAL',
    onProblem: (problem: string) => void = () => undefined,
  ): WalCheckpointThread {
    const workerData = { files: [...files], synchronous, intervalMs: INTERVAL_MS, driver: require.resolve('better-sqlite3') };
    const worker = new Worker(SOURCE, { eval: true, workerData });
    worker.on('message', (problem: string) => onProblem(problem));
    worker.on('error', (err) => onProblem(String(err)));
    worker.unref();
    return new WalCheckpointThread(worker);
  }

  /** A last checkpoint of every file, then the thread ends. */
  async close(): Promise<void> {
    const ended = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    // Held open until it has ended: unreferenced, a process with nothing else left would exit first.
    this.worker.ref();
    this.worker.postMessage('close');
    await ended;
  }
}
