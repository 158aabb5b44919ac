/**
 * Wall clocks in IANA time zones through Intl, shared by the opening rules (is a code open now?)
 * and analytics (which local day is this scan?). Both need the same formatter and the same offset
 * arithmetic, and must agree at every DST edge.
 */

export const DAY_MS = 86_400_000;

/**
 * Epoch milliseconds of a UTC calendar date and time; any year (0 is 1 BC), month 1-12, whole seconds.
 * Not `Date.UTC`, which maps years 0-99 to 1900-1999.
 *
 * @example calendarMs(2026, 6, 5, 8, 30) === Date.parse('2026-06-05T08:30:00Z')
 */
export function calendarMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

/** A calendar date and time of day as a wall clock in some zone shows it; month is 1-12, year 0 is 1 BC. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const FIELDS = ['era', 'year', 'month', 'day', 'hour', 'minute', 'second'] as const;
type Field = (typeof FIELDS)[number];
const isField = (type: string): type is Field => (FIELDS as readonly string[]).includes(type);

// A DateTimeFormat costs far more to build than to use, and the redirect hot path needs one per
// scan: keep one per zone. Only zones Intl accepted get stored, keyed in lower case (names match
// case-insensitively), so input cannot grow the map past the number of zones.
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The cached formatter for `timeZone`; throws RangeError when the runtime does not know the zone. */
export function formatterFor(timeZone: string): Intl.DateTimeFormat {
  const key = timeZone.toLowerCase();
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      // h23, not hour12:false: the latter prints midnight as "24" on some ICU versions.
      hourCycle: 'h23',
      // The era tells 1 BC (ISO year 0000) from 1 AD, which a day either side of 0001-01-01 needs.
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The wall clock in `timeZone` at `instant` (milliseconds since the epoch or a Date). */
export function wallClockAt(instant: Date | number, timeZone: string): WallClock {
  const parts: Record<Field, string> = { era: 'AD', year: '0', month: '0', day: '0', hour: '0', minute: '0', second: '0' };
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (isField(part.type)) parts[part.type] = part.value;
  }
  return {
    year: parts.era === 'BC' ? 1 - Number(parts.year) : Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/**
 * The wall clock in `timeZone` at `instantMs`, written as the epoch milliseconds it would be if
 * that wall clock were UTC (whole seconds). Subtracting the instant gives the zone's offset.
 *
 * @example wallClockMs(Date.parse('2026-06-05T23:30:00Z'), 'Asia/Tokyo') === Date.parse('2026-06-06T08:30:00Z')
 */
export function wallClockMs(instantMs: number, timeZone: string): number {
  const w = wallClockAt(instantMs, timeZone);
  return calendarMs(w.year, w.month, w.day, w.hour, w.minute, w.second);
}

/**
 * UTC offset of `timeZone` at `instantMs`, in milliseconds (Tokyo: +32,400,000).
 *
 * @example offsetMsAt(Date.parse('2026-06-05T12:00:00Z'), 'Asia/Kathmandu') // 20_700_000 (+05:45)
 */
export function offsetMsAt(instantMs: number, timeZone: string): number {
  // The formatter shows whole seconds, so compare against the instant truncated the same way.
  const truncated = instantMs - (((instantMs % 1000) + 1000) % 1000);
  return wallClockMs(truncated, timeZone) - truncated;
}

/**
 * Every instant at which the wall clock in `timeZone` shows `wallMs` (a wall time written as if it
 * were UTC, as `wallClockMs` writes it), earliest first: one normally, two in a fall-back repeated
 * hour, none in a spring-forward gap.
 */
export function wallTimeOccurrences(wallMs: number, timeZone: string): number[] {
  // The instant lies within a day of the wall time read as UTC, and no zone changes offset twice
  // in two days, so the offsets a day either side (and at the middle) are the only candidates.
  const offsets = new Set([-DAY_MS, 0, DAY_MS].map((shift) => offsetMsAt(wallMs + shift, timeZone)));
  return [...offsets]
    .map((offset) => wallMs - offset)
    .filter((instant) => offsetMsAt(instant, timeZone) === wallMs - instant)
    .sort((a, b) => a - b);
}

/**
 * The instant at which the wall clock in `timeZone` first shows `wallMs`. An ambiguous time
 * (fall-back) maps to its first occurrence; a time that does not exist (spring-forward gap) maps to
 * the first instant after the gap. Local midnight this way is where a local day starts, also where
 * a zone skips midnight or has it twice, so consecutive days tile time without gaps or overlaps.
 *
 * @example wallTimeToInstant(calendarMs(2026, 10, 25, 2, 30), 'Europe/Berlin') === Date.parse('2026-10-25T00:30:00Z') // CEST, not the later CET
 * @example wallTimeToInstant(calendarMs(2026, 3, 29, 2, 30), 'Europe/Berlin') === Date.parse('2026-03-29T01:00:00Z') // 03:00 CEST
 */
export function wallTimeToInstant(wallMs: number, timeZone: string): number {
  const [first] = wallTimeOccurrences(wallMs, timeZone);
  if (first !== undefined) return first;
  const before = offsetMsAt(wallMs - DAY_MS, timeZone);
  const after = offsetMsAt(wallMs + DAY_MS, timeZone);
  // Unreachable with real tz data (a gap needs a forward jump); read the time in the old offset.
  if (after <= before) return wallMs - before;
  // In the gap the clock jumped from `before` to `after`: the jump happened between these two.
  return findOffsetChange(wallMs - after, wallMs - before, timeZone);
}

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
