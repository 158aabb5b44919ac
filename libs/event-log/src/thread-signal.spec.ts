import { Worker } from 'node:worker_threads';
import { SharedMark, shareSignalsAcrossThreads, ThreadSignal } from './thread-signal';

// The other thread speaks the channel protocol directly (plain JS), so the test does not depend on
// loading this TypeScript module in a worker: `qr-signal:<name>`, any message means "look now".
const OTHER_THREAD = `
const { BroadcastChannel, parentPort } = require('node:worker_threads');
const channel = new BroadcastChannel('qr-signal:orders');
channel.onmessage = () => parentPort.postMessage('woken');
parentPort.on('message', (m) => { if (m === 'notify') channel.postMessage(0); if (m === 'close') { channel.close(); parentPort.close(); } });
parentPort.postMessage('listening');
`;

function nextMessage(worker: Worker): Promise<unknown> {
  return new Promise((resolve) => worker.once('message', resolve));
}

/**
 * Another thread joined to the named channel, in plain JS: what the channel brings it is posted to this
 * thread as it came, and what this thread posts it goes into the channel. Resolves once it listens.
 */
async function channelPeer(channel: string): Promise<Worker> {
  const worker = new Worker(
    `const { BroadcastChannel, parentPort } = require('node:worker_threads');
     const channel = new BroadcastChannel(${JSON.stringify(channel)});
     channel.onmessage = (m) => parentPort.postMessage(m.data);
     parentPort.on('message', (n) => channel.postMessage(n));
     parentPort.postMessage('listening');`,
    { eval: true },
  );
  expect(await nextMessage(worker)).toBe('listening');
  return worker;
}

describe('ThreadSignal', () => {
  it('runs this thread’s listeners synchronously, and stops after unsubscribe and close', () => {
    const signal = new ThreadSignal('local-only');
    let calls = 0;
    const off = signal.on(() => calls++);
    signal.notify();
    expect(calls).toBe(1);
    off();
    signal.notify();
    expect(calls).toBe(1);
    signal.on(() => calls++);
    signal.close();
    signal.notify();
    expect(calls).toBe(1);
  });

  it('passes what changed to this thread’s listeners, and nothing when the notifier did not say', () => {
    const signal = new ThreadSignal('about');
    const heard: Array<readonly string[] | undefined> = [];
    signal.on((about) => heard.push(about));
    signal.notify(['qr.scanned.v1']);
    signal.notify();
    expect(heard).toEqual([['qr.scanned.v1'], undefined]);
    signal.close();
  });

  it('carries what changed to another thread', async () => {
    shareSignalsAcrossThreads();
    const echo = await channelPeer('qr-signal:topics');
    try {
      const signal = new ThreadSignal('topics');
      const seen = nextMessage(echo);
      signal.notify(['qr.code.updated.v1', 'qr.scanned.v1']);
      expect(await seen).toEqual(['qr.code.updated.v1', 'qr.scanned.v1']);
      signal.close();
    } finally {
      await echo.terminate();
    }
  });

  it('wakes same-named listeners on another thread, both ways, once sharing is on', async () => {
    shareSignalsAcrossThreads();
    const worker = new Worker(OTHER_THREAD, { eval: true });
    try {
      expect(await nextMessage(worker)).toBe('listening');
      const signal = new ThreadSignal('orders');
      const other = new ThreadSignal('invoices');
      const woken = new Promise<readonly string[] | undefined>((resolve) => signal.on(resolve));
      let wrongName = 0;
      other.on(() => wrongName++);

      const seenThere = nextMessage(worker);
      signal.notify();
      expect(await seenThere).toBe('woken');

      worker.postMessage('notify');
      expect(await woken).toBeUndefined();
      expect(wrongName).toBe(0);
      signal.close();
      other.close();
    } finally {
      await worker.terminate();
    }
  });
});

// Made before any test turns sharing on: it must still reach other threads once sharing is on.
const madeEarly = new SharedMark('relayed');

describe('SharedMark', () => {
  it('is shared at once by every user of the name in this thread, only goes up, and starts over once all have closed', () => {
    const relay = new SharedMark('outbox-a');
    const writer = new SharedMark('outbox-a');
    const other = new SharedMark('outbox-b');
    relay.raise(40);
    expect(writer.value).toBe(40);
    writer.raise(12);
    expect(relay.value).toBe(40);
    expect(other.value).toBe(0);
    relay.close();
    expect(writer.value).toBe(40);
    writer.close();
    other.close();
    const again = new SharedMark('outbox-a');
    expect(again.value).toBe(0);
    again.close();
  });

  it('reaches another thread with sharing on, both ways, keeping the highest', async () => {
    shareSignalsAcrossThreads();
    const worker = await channelPeer('qr-mark:relayed');
    const mark = madeEarly;
    try {
      const seenThere = nextMessage(worker);
      mark.raise(7);
      expect(await seenThere).toBe(7);
      worker.postMessage(99);
      const deadline = Date.now() + 2000;
      while (mark.value !== 99 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      expect(mark.value).toBe(99);
      worker.postMessage(50);
      await new Promise((r) => setTimeout(r, 50));
      expect(mark.value).toBe(99);
    } finally {
      mark.close();
      await worker.terminate();
    }
  });
});
