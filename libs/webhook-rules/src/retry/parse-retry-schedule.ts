import { parseDuration } from '@qr/domain';

/** The default schedule (docs/api.md, "Deliveries"): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h — about 27.5 h of retries after the first try. */
export const DEFAULT_RETRY_SCHEDULE: readonly string[] = Object.freeze(['5s', '5m', '30m', '2h', '5h', '10h', '10h']);

/**
 * Delays in milliseconds from durations like `5s`, `5m`, `30m`, `2h`, `1d` or `250ms` (surrounding
 * whitespace ignored, so `"5s, 5m".split(',')` works). Throws on anything else, including zero: a
 * bad operator setting should stop the dispatcher at start, not become a retry storm. An empty list
 * is allowed and means "never retry".
 *
 * @example
 * parseRetrySchedule(['5s', '5m', '250ms']) // [5000, 300000, 250]
 */
export function parseRetrySchedule(values: readonly string[]): number[] {
  return values.map((raw, i) => {
    const ms = parseDuration(raw);
    if (ms === null) {
      throw new Error(`retry schedule entry ${i} (${JSON.stringify(raw)}) is not a positive duration like 5s, 5m, 2h, 1d or 250ms`);
    }
    return ms;
  });
}
