/** The days a daily window may be limited to, Monday first (ISO 8601 order). */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** One of {@link WEEKDAYS}: the API's lowercase three-letter day name. */
export type Weekday = (typeof WEEKDAYS)[number];

/** Narrows an untrusted value (JSON input) to a {@link Weekday}; case-sensitive, as the API is. */
export function isWeekday(value: unknown): value is Weekday {
  return typeof value === 'string' && (WEEKDAYS as readonly string[]).includes(value);
}
