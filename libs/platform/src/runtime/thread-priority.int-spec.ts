import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { threadSched } from '@qr/testing';
import { canRaisePriority } from './thread-priority';

// The built module, run in a real worker thread: the policy belongs to that thread alone.
const BUILT = join(__dirname, '../../../../dist/libs/platform/src/runtime/thread-priority.js');

const schedOf = (tid: number) => threadSched(process.pid, tid);

/** Runs `steps` (priority changes) in a worker; after each, reports the worker's tid and what setThreadPriority returned. */
async function inWorker(steps: Array<[string, string]>, onStep: (tid: number, applied: string) => void): Promise<void> {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const { readlinkSync } = require('node:fs');
     const { setThreadPriority } = require(workerData.built);
     const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
     parentPort.on('message', ([wanted, current]) => parentPort.postMessage({ tid, applied: setThreadPriority(wanted, current) }));`,
    { eval: true, workerData: { built: BUILT } },
  );
  try {
    for (const step of steps) {
      const reply = await new Promise<{ tid: number; applied: string }>((resolve) => {
        worker.once('message', resolve);
        worker.postMessage(step);
      });
      onStep(reply.tid, reply.applied);
    }
  } finally {
    await worker.terminate();
  }
}

const linux = process.platform === 'linux';

(linux ? describe : describe.skip)('setThreadPriority (Linux, a real worker thread)', () => {
  beforeAll(() => {
    if (!existsSync(BUILT)) throw new Error(`${BUILT} is missing: run \`npm run build\` first`);
  });

  it('puts only the calling thread at SCHED_IDLE, then back at nice 10 and SCHED_IDLE again', async () => {
    if (!canRaisePriority()) {
      // Without CAP_SYS_NICE the thread could not leave SCHED_IDLE; BacklogPriority never enters it then.
      console.warn('SKIPPED the way back from SCHED_IDLE: this process has no CAP_SYS_NICE');
    }
    const seen: Array<{ applied: string; policy: number; nice: number; main: number }> = [];
    const steps: Array<[string, string]> = canRaisePriority()
      ? [
          ['idle', 'normal'],
          ['low', 'idle'],
          ['idle', 'low'],
        ]
      : [['idle', 'normal']];
    await inWorker(steps, (tid, applied) => seen.push({ applied, ...schedOf(tid), main: schedOf(process.pid).policy }));
    expect(seen[0]).toEqual({ applied: 'idle', policy: 5, nice: expect.any(Number), main: 0 });
    if (seen.length > 1) {
      expect(seen[1]).toEqual({ applied: 'low', policy: 0, nice: 10, main: 0 });
      expect(seen[2]).toMatchObject({ applied: 'idle', policy: 5, main: 0 });
    }
    expect(schedOf(process.pid)).toEqual({ policy: 0, nice: 0 });
  });
});
