/** ±20 %: spreads the retries of a burst of failed deliveries so a recovering receiver is not hit all at once. */
const JITTER = 0.2;
/** A receiver cannot park a message longer than a day with Retry-After; the schedule still ends it. */
export const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

/**
 * When to try again after attempt number `attempt` failed (1 = the first delivery), or null when the
 * schedule is exhausted. The scheduled delay `schedule[attempt - 1]` is scaled by
 * `0.8 + 0.4 × random()` (`random` in [0, 1), injected so tests are exact); a Retry-After longer than
 * that wins, capped at 24 h and not jittered, since the receiver named the moment.
 *
 * @example
 * nextAttemptAt({ attempt: 1, now: new Date('2026-01-01T00:00:00Z'), schedule: [5000], random: () => 0.5 })
 * // 2026-01-01T00:00:05.000Z
 */
export function nextAttemptAt(o: { attempt: number; now: Date; schedule: readonly number[]; random: () => number; retryAfterMs?: number | null }): Date | null {
  if (!Number.isSafeInteger(o.attempt) || o.attempt < 1) throw new RangeError(`attempt must be a positive integer, got ${o.attempt}`);
  if (o.attempt > o.schedule.length) return null;
  const r = o.random();
  if (!(r >= 0 && r < 1)) throw new RangeError(`random() must return a number in [0, 1), got ${r}`);
  const jittered = Math.round(o.schedule[o.attempt - 1] * (1 - JITTER + 2 * JITTER * r));
  const requested = o.retryAfterMs != null && o.retryAfterMs > 0 ? Math.min(o.retryAfterMs, MAX_RETRY_AFTER_MS) : 0;
  return new Date(o.now.getTime() + Math.max(jittered, requested));
}
