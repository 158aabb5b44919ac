/** Median of a sample (the figure every benchmark reports, over several runs). */
export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Nearest-rank percentile, p in 0..100. */
export function percentile(values: readonly number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

/** Runs `fn` `runs` times (after one warm-up) and returns each run's result. */
export async function repeat<T>(runs: number, fn: () => Promise<T> | T): Promise<T[]> {
  await fn();
  const out: T[] = [];
  for (let i = 0; i < runs; i++) out.push(await fn());
  return out;
}

/** Operations per second of a synchronous loop that runs for about `ms`. */
export function opsPerSecond(fn: () => void, ms = 1000): number {
  let n = 0;
  const start = process.hrtime.bigint();
  const budget = BigInt(ms) * 1_000_000n;
  let elapsed = 0n;
  while (elapsed < budget) {
    for (let i = 0; i < 100; i++) fn();
    n += 100;
    elapsed = process.hrtime.bigint() - start;
  }
  return n / (Number(elapsed) / 1e9);
}

/**
 * Completions per second of an asynchronous operation kept `inFlight` at a time for about `ms`: the
 * rate of a server answering several requests at once (work the operation hands to libuv's thread
 * pool runs beside the event loop).
 */
export async function asyncOpsPerSecond(fn: () => Promise<unknown>, ms = 1000, inFlight = 1): Promise<number> {
  const start = process.hrtime.bigint();
  const deadline = start + BigInt(ms) * 1_000_000n;
  let done = 0;
  const worker = async () => {
    while (process.hrtime.bigint() < deadline) {
      await fn();
      done++;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return done / (Number(process.hrtime.bigint() - start) / 1e9);
}
