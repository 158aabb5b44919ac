import { DAY_MS, wallTimeOccurrences, wallTimeToInstant } from '@qr/domain';
import { localDayAndMinuteAt } from '../time-zone/local-day';
import { offsetChangesBetween } from '../time-zone/offset-changes-between';
import { type DailyWindow, isAllowedDay, isInsideDailyWindow } from './daily-window';

const MINUTE_MS = 60_000;
// A weekly pattern opens within 7 days; two more cover a window lost in a DST gap that week.
const HORIZON_DAYS = 9;

/**
 * The first instant at or after `fromMs` at which the window is open, or null when it does not
 * open within the horizon (an empty window). Every candidate is checked with the same predicate
 * the scan uses, so the answer is always an instant a scan would be admitted at.
 */
export function nextDailyOpening(window: DailyWindow, fromMs: number, timeZone: string): number | null {
  if (isInsideDailyWindow(window, fromMs, timeZone)) return fromMs;
  const opening = firstOpenWindowStart(window, fromMs, timeZone);
  const until = opening ?? fromMs + (HORIZON_DAYS + 1) * DAY_MS;
  // A fall-back can also reopen it without any window start: with 01:00–02:30, the clock goes from
  // 03:00 CEST back to 02:00 CET, inside the window again.
  const reentry = offsetChangesBetween(fromMs, until, timeZone).find((change) => isInsideDailyWindow(window, change, timeZone));
  return reentry ?? opening;
}

/** The earliest window start after `fromMs` at which the window is really open. */
function firstOpenWindowStart(window: DailyWindow, fromMs: number, timeZone: string): number | null {
  const fromDay = localDayAndMinuteAt(fromMs, timeZone).dayNumber;
  // Starts grow with the day, so the first open one found in day order is the earliest.
  for (let day = fromDay - 1; day <= fromDay + HORIZON_DAYS; day++) {
    if (!isAllowedDay(window, day)) continue;
    const open = windowStartsOn(window, day, timeZone).find((start) => start > fromMs && isInsideDailyWindow(window, start, timeZone));
    if (open !== undefined) return open;
  }
  return null;
}

/**
 * Instants at which the window of local day `dayNumber` starts: both occurrences of a repeated
 * hour (the first may already be past), or the end of the gap when the start time does not exist.
 */
function windowStartsOn(window: DailyWindow, dayNumber: number, timeZone: string): number[] {
  const wallMs = dayNumber * DAY_MS + window.start * MINUTE_MS;
  const occurrences = wallTimeOccurrences(wallMs, timeZone);
  return occurrences.length > 0 ? occurrences : [wallTimeToInstant(wallMs, timeZone)];
}
