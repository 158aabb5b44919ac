/**
 * Keeps one log instance's appends within reach of its own consumers. The decoded-row cache holds the
 * last few thousand positions; a relay that appends a backlog faster than the consumers read it pushes
 * every row out of the cache before a consumer gets to it, so each row is decoded at append for
 * nothing, read back from the database and decoded again by each group (seen under redirect load:
 * 2.2 decodes and 1.1 payload reads per event). Before an append, the relay waits until the append
 * keeps every consumer it is following within `window` positions of the log's end.
 *
 * A consumer is followed only while it is within the window: one that starts far behind (a new or
 * reset group replaying the log) or has failed and is backing off does not hold the relay back, and
 * no append waits longer than `maxWaitMs` for a consumer that stopped reporting progress.
 */
export class AppendPacer {
  private readonly readers = new Map<object, number>();
  private appendedThrough = 0;
  private readonly waiting = new Set<() => void>();

  constructor(
    private readonly window: number,
    private readonly maxWaitMs: number,
  ) {}

  /** A consumer has read the log through `position`, or (null) is not reading: failing, stopped or not the lease holder. */
  readThrough(reader: object, position: number | null): void {
    if (position === null) this.readers.delete(reader);
    else this.readers.set(reader, position);
    this.wakeWaiting();
  }

  /** Positions up to here have been appended through this instance. */
  appended(position: number): void {
    this.appendedThrough = Math.max(this.appendedThrough, position);
  }

  /** Resolves once `count` more positions fit the window of every followed consumer, or after `maxWaitMs`. */
  async room(count: number): Promise<void> {
    if (this.fits(count)) return;
    const deadline = Date.now() + this.maxWaitMs;
    while (!this.fits(count)) {
      const left = deadline - Date.now();
      if (left <= 0) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.waiting.delete(done);
          resolve();
        };
        const timer = setTimeout(done, left);
        this.waiting.add(done);
      });
    }
  }

  private fits(count: number): boolean {
    for (const through of this.readers.values()) {
      const behind = this.appendedThrough - through;
      if (behind > 0 && behind <= this.window && behind + count > this.window) return false;
    }
    return true;
  }

  private wakeWaiting(): void {
    for (const done of [...this.waiting]) done();
  }
}
