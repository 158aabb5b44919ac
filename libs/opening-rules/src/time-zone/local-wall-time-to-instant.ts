import { DAY_MS, calendarMs } from './calendar-ms';
import { findOffsetChange } from './offset-changes-between';
import { offsetMsAt } from './wall-clock-at';

/** A wall-clock date and time in some zone, to the minute; month is 1-12. */
export interface LocalDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/**
 * Every instant at which the wall clock in `timeZone` shows `local`, earliest first: one
 * normally, two in a fall-back repeated hour, none in a spring-forward gap.
 */
export function localWallTimeOccurrences(local: LocalDateTime, timeZone: string): Date[] {
  const localMs = calendarMs(local.year, local.month, local.day, local.hour, local.minute);
  // The instant lies within a day of the wall time read as UTC, and no zone changes offset twice
  // in two days, so the offsets a day either side (and at the middle) are the only candidates.
  const offsets = new Set([-DAY_MS, 0, DAY_MS].map((shift) => offsetMsAt(localMs + shift, timeZone)));
  return [...offsets]
    .map((offset) => localMs - offset)
    .filter((instant) => offsetMsAt(instant, timeZone) === localMs - instant)
    .sort((a, b) => a - b)
    .map((instant) => new Date(instant));
}

/**
 * The instant at which the wall clock in `timeZone` shows `local`. An ambiguous time (fall-back)
 * maps to its first occurrence; a time that does not exist (spring-forward gap) maps to the
 * first instant after the gap, e.g. 02:30 on 2026-03-29 in Europe/Berlin → 03:00 CEST.
 *
 * @example localWallTimeToInstant({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 }, 'Europe/Berlin')
 * // → 2026-10-25T00:30:00Z (02:30 CEST, not the later 02:30 CET)
 */
export function localWallTimeToInstant(local: LocalDateTime, timeZone: string): Date {
  const [first] = localWallTimeOccurrences(local, timeZone);
  if (first !== undefined) return first;
  const localMs = calendarMs(local.year, local.month, local.day, local.hour, local.minute);
  const before = offsetMsAt(localMs - DAY_MS, timeZone);
  const after = offsetMsAt(localMs + DAY_MS, timeZone);
  // Unreachable with real tz data (a gap needs a forward jump); read the time in the old offset.
  if (after <= before) return new Date(localMs - before);
  // In the gap the clock jumped from `before` to `after`: the jump happened between these two.
  return new Date(findOffsetChange(localMs - after, localMs - before, timeZone));
}
