import { calendarMs, DAY_MS } from '@qr/domain';

// Shared with analytics (@qr/domain's zone clock), re-exported for this library's modules.
export { calendarMs, DAY_MS };

export const MINUTE_MS = 60_000;

/** Days since 1970-01-01 of a calendar date: consecutive integers make "the day before" plain arithmetic. */
export function dayNumberOf(year: number, month: number, day: number): number {
  return Math.floor(calendarMs(year, month, day) / DAY_MS);
}

/** Index into WEEKDAYS (0 = Monday) of a day number; 1970-01-01 was a Thursday. */
export function weekdayIndexOf(dayNumber: number): number {
  return (((dayNumber + 3) % 7) + 7) % 7;
}
