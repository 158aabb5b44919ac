export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

/**
 * Milliseconds since the epoch of a calendar date and time read as if it were UTC; month is 1-12.
 * Comparing this with the real instant gives a zone's offset. `Date.UTC` is avoided because it
 * maps years 0-99 to 1900-1999.
 */
export function calendarMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

/** Days since 1970-01-01 of a calendar date: consecutive integers make "the day before" plain arithmetic. */
export function dayNumberOf(year: number, month: number, day: number): number {
  return Math.floor(calendarMs(year, month, day) / DAY_MS);
}

/** Index into WEEKDAYS (0 = Monday) of a day number; 1970-01-01 was a Thursday. */
export function weekdayIndexOf(dayNumber: number): number {
  return (((dayNumber + 3) % 7) + 7) % 7;
}
