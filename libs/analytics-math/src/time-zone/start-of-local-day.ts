import { DAY_MS } from '../calendar/calendar-day';
import { offsetMsAt } from './wall-clock-ms';

/**
 * The first instant (epoch ms) of a local date in `timeZone`: where the wall clock first shows
 * 00:00 on that date. When clocks fall back across midnight, that is the first of the two
 * midnights; when a zone skips midnight (America/Santiago in September), it is the first
 * instant after the gap. So consecutive days tile time without gaps or overlaps.
 *
 * @example startOfLocalDay(parseCalendarDay('2026-06-05')!, 'Asia/Tokyo') === Date.parse('2026-06-04T15:00:00Z')
 */
export function startOfLocalDay(dayNumber: number, timeZone: string): number {
  const midnight = dayNumber * DAY_MS; // the wall time 00:00 read as if it were UTC
  // The instant lies within a day of `midnight`, and no zone changes offset twice in two days,
  // so the offsets a day either side (and at the middle) are the only candidates.
  const offsets = new Set([-DAY_MS, 0, DAY_MS].map((shift) => offsetMsAt(midnight + shift, timeZone)));
  const exact = [...offsets].map((offset) => midnight - offset).filter((instant) => offsetMsAt(instant, timeZone) === midnight - instant);
  if (exact.length > 0) return Math.min(...exact);
  // Midnight falls in a spring-forward gap: the clock jumped from `before` to `after` at an
  // instant in (midnight - after, midnight - before]; that jump is where the day begins.
  const before = offsetMsAt(midnight - DAY_MS, timeZone);
  const after = offsetMsAt(midnight + DAY_MS, timeZone);
  return firstInstantWithNewOffset(midnight - after, midnight - before, timeZone);
}

/** The first instant in `(loMs, hiMs]` whose offset differs from the one at `loMs`, by bisection. */
function firstInstantWithNewOffset(loMs: number, hiMs: number, timeZone: string): number {
  const initial = offsetMsAt(loMs, timeZone);
  let [lo, hi] = [loMs, hiMs];
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (offsetMsAt(mid, timeZone) === initial) lo = mid;
    else hi = mid;
  }
  return hi;
}
