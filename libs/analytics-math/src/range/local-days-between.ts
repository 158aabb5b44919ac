import { DAY_MS, offsetMsAt, wallTimeToInstant } from '@qr/domain';
import { formatCalendarDay } from '../calendar/calendar-day';
import { type LocalDay } from './analytics-range';

/**
 * Every local date from `fromDay` to `toDay` (day numbers, inclusive) in `timeZone`, with its
 * instants. Each day ends where the next one starts, so the days tile the range exactly.
 *
 * @example localDaysBetween(parseCalendarDay('2026-03-29')!, parseCalendarDay('2026-03-29')!, 'Europe/Berlin')
 * // → [{ date: '2026-03-29', startMs: …'2026-03-28T23:00Z', endMs: …'2026-03-29T22:00Z' }] (23 h)
 */
export function localDaysBetween(fromDay: number, toDay: number, timeZone: string): LocalDay[] {
  const days: LocalDay[] = [];
  let startMs = wallTimeToInstant(fromDay * DAY_MS, timeZone);
  let startOffset = offsetMsAt(startMs, timeZone);
  for (let day = fromDay; day <= toDay; day++) {
    // Fast path, one Intl call a day instead of about six: when the offset a day later is the
    // same and the clock there shows midnight, nothing changed in between (zones never change
    // twice within a day), so that midnight is the only one and the next day starts there.
    const guess = startMs + DAY_MS;
    const guessOffset = offsetMsAt(guess, timeZone);
    const showsMidnight = guessOffset === startOffset && (day + 1) * DAY_MS - guess === guessOffset;
    const endMs = showsMidnight ? guess : wallTimeToInstant((day + 1) * DAY_MS, timeZone);
    days.push({ date: formatCalendarDay(day), startMs, endMs });
    [startMs, startOffset] = [endMs, showsMidnight ? guessOffset : offsetMsAt(endMs, timeZone)];
  }
  return days;
}

/**
 * Index of the day whose `[startMs, endMs)` contains `instantMs`, or -1 outside them all.
 * Binary search: the days are in order and contiguous.
 *
 * @example dayIndexAt(days, days[2].startMs) // 2
 */
export function dayIndexAt(days: readonly LocalDay[], instantMs: number): number {
  let [lo, hi] = [0, days.length - 1];
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (instantMs < days[mid].startMs) hi = mid - 1;
    else if (instantMs >= days[mid].endMs) lo = mid + 1;
    else return mid;
  }
  return -1;
}
