import { calendarMs, DAY_MS } from '@qr/domain';

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Day number (days since 1970-01-01) of a `YYYY-MM-DD` that names a real date of the proleptic
 * Gregorian calendar, or null: no 30 February, no 29 February outside leap years, no month 13.
 * Day numbers make "the day before" and "how many days" plain integer arithmetic.
 *
 * @example parseCalendarDay('1970-01-02') // 1
 * @example parseCalendarDay('2026-02-30') // null
 */
export function parseCalendarDay(value: unknown): number | null {
  const match = typeof value === 'string' ? DATE_PATTERN.exec(value) : null;
  if (match === null) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return null;
  const ms = calendarMs(year, month, day);
  // Date rolls 30 February over into March: a date that does not round-trip does not exist.
  if (new Date(ms).getUTCDate() !== day) return null;
  return ms / DAY_MS;
}

/**
 * `YYYY-MM-DD` of a day number, for years 0000–9999.
 *
 * @example formatCalendarDay(20_609) // '2026-06-05'
 */
export function formatCalendarDay(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

/** Day number of 0000-01-01, the earliest day `formatCalendarDay` writes as four digits. */
export const FIRST_CALENDAR_DAY = calendarMs(0, 1, 1) / DAY_MS;
