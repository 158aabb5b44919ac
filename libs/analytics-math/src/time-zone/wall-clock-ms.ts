import { calendarMs, DAY_MS } from '../calendar/calendar-day';

const FIELDS = ['era', 'year', 'month', 'day', 'hour', 'minute', 'second'] as const;
type Field = (typeof FIELDS)[number];
const isField = (type: string): type is Field => (FIELDS as readonly string[]).includes(type);

// A DateTimeFormat costs far more to build than to use, and one range needs a few per day:
// keep one per zone. Only zones Intl accepted get stored, keyed in lower case (names match
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

/**
 * The wall clock in `timeZone` at `instantMs`, written as the epoch milliseconds it would be if
 * that wall clock were UTC (whole seconds). Subtracting the instant gives the zone's offset.
 *
 * @example wallClockMs(Date.parse('2026-06-05T23:30:00Z'), 'Asia/Tokyo') === Date.parse('2026-06-06T08:30:00Z')
 */
export function wallClockMs(instantMs: number, timeZone: string): number {
  const parts: Record<Field, string> = { era: 'AD', year: '0', month: '0', day: '0', hour: '0', minute: '0', second: '0' };
  for (const part of formatterFor(timeZone).formatToParts(instantMs)) {
    if (isField(part.type)) parts[part.type] = part.value;
  }
  const year = parts.era === 'BC' ? 1 - Number(parts.year) : Number(parts.year);
  return calendarMs(year, Number(parts.month), Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
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
 * Day number (days since 1970-01-01) of the local date in `timeZone` at `instantMs`.
 *
 * @example localDayNumberAt(Date.parse('2026-03-01T02:00:00Z'), 'America/Los_Angeles') // 2026-02-28's number
 */
export function localDayNumberAt(instantMs: number, timeZone: string): number {
  return Math.floor(wallClockMs(instantMs, timeZone) / DAY_MS);
}

