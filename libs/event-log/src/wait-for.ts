/**
 * Resolves after `ms`, or earlier when `wake` is called: the consumer's and relay's idle wait. A wake
 * while nobody waits is remembered, so the next `wait` returns at once: a commit announced while the
 * relay was busy between its read and its wait is not left for the slow poll.
 */
export class Waker {
  private pending: (() => void) | null = null;
  private woken = false;

  wake = (): void => {
    const resolve = this.pending;
    this.pending = null;
    if (resolve) resolve();
    else this.woken = true;
  };

  wait(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (this.pending === done) this.pending = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.pending = done;
    });
  }
}

export function backoffMs(failures: number, baseMs = 250, maxMs = 30_000): number {
  return Math.min(maxMs, baseMs * 2 ** Math.min(failures, 16));
}

/**
 * Whether a relay or consumer that just handled `events` should wait a moment before reading again.
 * A full batch (`full`: as many rows as it reads at most) means a backlog: read on at once. A few
 * events (under 16) mean light traffic: the next event should not wait. In between, traffic is heavy
 * enough that waiting lets the next batch grow, which is what keeps per-event cost down under load.
 * Events, not rows: a packed row holds a whole group commit (a replica's 45 scans were one row, and a
 * consumer counting rows read every wake-up's one or two rows at once, for twice the CPU per scan).
 */
export function lingers(events: number, full: boolean): boolean {
  return events >= 16 && !full;
}
