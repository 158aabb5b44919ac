/** Resolves after `ms`, or earlier when `wake` is called: the consumer's and relay's idle wait. */
export class Waker {
  private pending: (() => void) | null = null;

  wake = (): void => {
    const resolve = this.pending;
    this.pending = null;
    resolve?.();
  };

  wait(ms: number): Promise<void> {
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
