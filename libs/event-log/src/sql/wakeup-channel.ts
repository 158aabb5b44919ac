import { type SignalListener, ThreadSignal } from '../thread-signal';

/**
 * Tells idle consumers that something was appended, so they need not poll fast: every consumer of the
 * embedded log lives in the appending process, on one of its threads (all-in-one's front and background).
 */
export interface WakeupChannel {
  onWake(listener: SignalListener): () => void;
  /** Wakes this process's consumers of `topics` (all of them without). */
  notifyLocal(topics?: readonly string[]): void;
  /** Called after an append of `topics` has committed. */
  notifyAppended(topics: readonly string[]): void;
  close(): Promise<void>;
}

/** Wake-ups over a ThreadSignal: every thread of the process hears them. */
export class LocalWakeupChannel implements WakeupChannel {
  private readonly signal = new ThreadSignal('event-log');

  onWake(listener: SignalListener): () => void {
    return this.signal.on(listener);
  }

  notifyLocal(topics?: readonly string[]): void {
    this.signal.notify(topics);
  }

  /** Wakes the consumers of these topics. */
  notifyAppended(topics: readonly string[]): void {
    this.notifyLocal(topics);
  }

  async close(): Promise<void> {
    this.signal.close();
  }
}
