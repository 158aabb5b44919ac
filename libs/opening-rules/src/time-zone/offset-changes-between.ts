import { DAY_MS } from './calendar-ms';
import { offsetMsAt } from './wall-clock-at';

/**
 * The first instant in `(loMs, hiMs]` whose offset differs from the offset at `loMs`, found by
 * bisection. Callers guarantee the offsets at both ends differ and only one change lies between.
 */
export function findOffsetChange(loMs: number, hiMs: number, timeZone: string): number {
  const before = offsetMsAt(loMs, timeZone);
  let lo = loMs;
  let hi = hiMs;
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (offsetMsAt(mid, timeZone) === before) lo = mid;
    else hi = mid;
  }
  return hi;
}

/**
 * Every instant in `(fromMs, toMs]` at which the zone's offset changes (DST starts and ends).
 * Steps a day at a time: real zones never change offset twice within 24 hours.
 */
export function offsetChangesBetween(fromMs: number, toMs: number, timeZone: string): number[] {
  const changes: number[] = [];
  let lo = fromMs;
  let loOffset = offsetMsAt(lo, timeZone);
  while (lo < toMs) {
    const hi = Math.min(lo + DAY_MS, toMs);
    const hiOffset = offsetMsAt(hi, timeZone);
    if (hiOffset !== loOffset) changes.push(findOffsetChange(lo, hi, timeZone));
    lo = hi;
    loOffset = hiOffset;
  }
  return changes;
}
