import { BroadcastChannel } from 'node:worker_threads';

let acrossThreads = false;

/**
 * All-in-one runs its HTTP front and its background work (relays, consumers, webhook sends) on two
 * threads of one process. Called once per thread before anything is built, it makes every
 * ThreadSignal also reach the same-named signals of the other threads.
 */
export function shareSignalsAcrossThreads(): void {
  acrossThreads = true;
}

/**
 * "Something new was committed, look now": a wake-up with no payload. Listeners in this thread run
 * synchronously; with sharing on, same-named signals in other threads of the process run theirs
 * too. A lost or spurious wake-up only changes when the listener polls, never what it finds.
 */
export class ThreadSignal {
  private readonly listeners = new Set<() => void>();
  private channel: BroadcastChannel | null = null;
  private closed = false;

  constructor(readonly name: string) {}

  notify(): void {
    for (const listener of this.listeners) listener();
    this.open()?.postMessage(0);
  }

  on(listener: () => void): () => void {
    if (this.closed) return () => undefined;
    this.listeners.add(listener);
    this.open();
    return () => this.listeners.delete(listener);
  }

  /** Final: afterwards the signal neither listens nor reaches other threads. */
  close(): void {
    this.closed = true;
    this.listeners.clear();
    this.channel?.close();
    this.channel = null;
  }

  private open(): BroadcastChannel | null {
    if (!acrossThreads || this.closed) return null;
    if (!this.channel) {
      const channel = new BroadcastChannel(`qr-signal:${this.name}`);
      channel.onmessage = () => {
        for (const listener of this.listeners) listener();
      };
      // A signal must never keep a thread alive on its own.
      (channel as unknown as { unref(): void }).unref();
      this.channel = channel;
    }
    return this.channel;
  }
}
