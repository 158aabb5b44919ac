import { BroadcastChannel } from 'node:worker_threads';
import { getOrCreate } from '@qr/domain';

let acrossThreads = false;

/** `about`: what the notifier said changed; undefined when it did not say (anything may have). */
export type SignalListener = (about?: readonly string[]) => void;

/**
 * All-in-one runs its HTTP front and its background work (relays, consumers, webhook sends) on two
 * threads of one process. Called once per thread before anything is built, it makes every
 * ThreadSignal also reach the same-named signals of the other threads.
 */
export function shareSignalsAcrossThreads(): void {
  acrossThreads = true;
}

/**
 * "Something new was committed, look now", optionally saying what (`about`: the event log's topics);
 * without it, everything may have changed. Listeners in this thread run synchronously; with sharing
 * on, same-named signals in other threads of the process run theirs too. A lost or spurious wake-up
 * only changes when the listener polls, never what it finds.
 */
export class ThreadSignal {
  private readonly listeners = new Set<SignalListener>();
  private channel: BroadcastChannel | null = null;
  private closed = false;

  constructor(readonly name: string) {}

  notify(about?: readonly string[]): void {
    for (const listener of this.listeners) listener(about);
    this.open()?.postMessage(about ?? 0);
  }

  on(listener: SignalListener): () => void {
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
    if (this.closed) return null;
    this.channel ??= threadChannel(`qr-signal:${this.name}`, (data) => {
      const about = Array.isArray(data) ? (data as string[]) : undefined;
      for (const listener of this.listeners) listener(about);
    });
    return this.channel;
  }
}

/** A named channel to the other threads of the process, or null while sharing is off. It never keeps a thread alive on its own. */
function threadChannel(name: string, onMessage: (data: unknown) => void): BroadcastChannel | null {
  if (!acrossThreads) return null;
  const channel = new BroadcastChannel(name);
  channel.onmessage = (message) => onMessage((message as { data?: unknown }).data);
  (channel as unknown as { unref(): void }).unref();
  return channel;
}

interface MarkState {
  value: number;
  channel: BroadcastChannel | null;
  users: number;
}

const marks = new Map<string, MarkState>();

/**
 * A number that only goes up, shared under one name by every user in this thread at once and, with
 * sharing on, by the other threads of the process a moment later: the highest value anyone raised it
 * to. All-in-one's relay (background) says here how far it has relayed an outbox; the thread that
 * writes the outbox (the front) deletes the relayed rows in its own transactions.
 */
export class SharedMark {
  private state: MarkState | null;

  constructor(readonly name: string) {
    const state = getOrCreate(marks, name, () => ({ value: 0, channel: null, users: 0 }));
    state.users += 1;
    this.state = state;
  }

  get value(): number {
    return this.open()?.value ?? 0;
  }

  raise(value: number): void {
    const state = this.open();
    if (!state || value <= state.value) return;
    state.value = value;
    state.channel?.postMessage(value);
  }

  /** The shared state, its channel to other threads opened on first use (sharing may be turned on after construction). */
  private open(): MarkState | null {
    const state = this.state;
    if (state && !state.channel) {
      state.channel = threadChannel(`qr-mark:${this.name}`, (value) => {
        if (typeof value === 'number' && value > state.value) state.value = value;
      });
    }
    return state;
  }

  close(): void {
    const state = this.state;
    if (!state) return;
    this.state = null;
    state.users -= 1;
    if (state.users > 0) return;
    state.channel?.close();
    marks.delete(this.name);
  }
}
