/**
 * Keeps one log instance's appends within reach of its own consumers. The decoded-row cache holds the
 * last few thousand positions; a relay that appends a backlog faster than the consumers read it pushes
 * every row out of the cache before a consumer gets to it, so each row is decoded at append for
 * nothing, read back from the database and decoded again by each group (seen under redirect load:
 * 2.2 decodes and 1.1 payload reads per event). Before an append, the relay waits until the append
 * keeps every consumer it follows within `window` positions of this instance's appends, counting the
 * appends already let through and not yet committed (two relays append side by side).
 *
 * A consumer is followed while it is within `followWithin` (more than `window`, so one append let
 * through late does not drop it). One that starts further behind (a new or reset group replaying the
 * log), or has failed and is backing off, does not hold the relay back. No append waits more than
 * `maxWaitMs` in all.
 */
export class AppendPacer {
  private readonly readers = new Map<object, number>();
  private appendedThrough = 0;
  /** Positions let through by `room` whose appends have not ended yet. */
  private inFlight = 0;
  private readonly waiting = new Set<() => void>();

  constructor(private readonly o: { window: number; followWithin: number; maxWaitMs: number }) {}

  /** A consumer has read the log through `position`, or (null) is not reading: failing or stopped. */
  readThrough(reader: object, position: number | null): void {
    if (position === null) this.readers.delete(reader);
    else this.readers.set(reader, position);
    this.wakeWaiting();
  }

  /** Positions up to here have been appended through this instance (called as an append commits). */
  appended(position: number): void {
    this.appendedThrough = Math.max(this.appendedThrough, position);
  }

  /**
   * Resolves once `count` more positions fit the window of every followed consumer, or after
   * `maxWaitMs`; the positions then count as in flight until `release(count)`, which the append calls
   * when it has ended, committed or not.
   */
  async room(count: number): Promise<void> {
    if (!this.fits(count)) {
      const deadline = Date.now() + this.o.maxWaitMs;
      while (!this.fits(count)) {
        const left = deadline - Date.now();
        if (left <= 0) break;
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
    this.inFlight += count;
  }

  release(count: number): void {
    this.inFlight -= count;
  }

  private fits(count: number): boolean {
    for (const through of this.readers.values()) {
      const behind = Math.max(0, this.appendedThrough - through);
      if (behind > this.o.followWithin) continue;
      // Waiting helps only while the consumer has something left to read (committed or on its way).
      const ahead = behind + this.inFlight;
      if (ahead > 0 && ahead + count > this.o.window) return false;
    }
    return true;
  }

  private wakeWaiting(): void {
    for (const done of [...this.waiting]) done();
  }
}
