import { DAY_MS, findOffsetChange, offsetMsAt } from '@qr/domain';

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
