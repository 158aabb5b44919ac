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

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Whether a relay or consumer that just handled `handled` of at most `batchSize` records should wait
 * a moment before reading again. A full batch means a backlog: read on at once. A small one (under 16)
 * means light traffic: the next event should not wait. In between, traffic is heavy enough that
 * waiting lets the next batch grow, which is what keeps per-event cost down under load.
 */
export function lingers(handled: number, batchSize: number): boolean {
  return handled >= 16 && handled < batchSize;
}
