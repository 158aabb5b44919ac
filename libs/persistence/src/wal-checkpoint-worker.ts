import { parentPort, workerData } from 'node:worker_threads';
import { type CheckpointResult, WalCheckpointer } from './wal-checkpointer';
import { type FromCheckpointThread, type ToCheckpointThread, type WalCheckpointThreadData } from './wal-checkpoint-thread';

const ERROR_REPEAT_MS = 60_000;

/**
 * The checkpoint thread's own entry (see WalCheckpointThread): a PASSIVE checkpoint of every file each
 * interval, reported to the thread that started it when something changed.
 */
function run(port: NonNullable<typeof parentPort>, data: WalCheckpointThreadData): void {
  const send = (m: FromCheckpointThread) => port.postMessage(m);
  const checkpointer = WalCheckpointer.open(data.files, { synchronous: data.synchronous }, (file, err) => send({ kind: 'skipped', file, error: String(err) }));
  const reported = new Map<string, number>();
  // Every store once, then a store only when pages were copied or its uncopied count moved: an idle
  // process posts nothing ten times a second.
  const report = (results: CheckpointResult[]) => {
    const changed = results.filter((r) => r.copiedPages > 0 || reported.get(r.store) !== r.uncopiedPages);
    for (const r of changed) reported.set(r.store, r.uncopiedPages);
    if (changed.length) send({ kind: 'results', results: changed });
  };
  // A failure that lasts (a full disk) is told once a minute, not every round.
  let lastError = { text: '', at: 0 };
  const round = () => {
    try {
      report(checkpointer.checkpoint());
    } catch (err) {
      const text = String(err);
      if (text === lastError.text && Date.now() - lastError.at < ERROR_REPEAT_MS) return;
      lastError = { text, at: Date.now() };
      send({ kind: 'error', error: text });
    }
  };
  const timer = setInterval(round, data.intervalMs);
  round();
  port.on('message', (m: ToCheckpointThread) => {
    if (m.kind !== 'close') return;
    clearInterval(timer);
    report(checkpointer.close());
    port.close();
  });
}

if (parentPort) run(parentPort, workerData as WalCheckpointThreadData);
