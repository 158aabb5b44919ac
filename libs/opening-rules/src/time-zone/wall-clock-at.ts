import { calendarMs, dayNumberOf } from './calendar-ms';

/** A calendar date and time of day as a wall clock in some zone shows it; month is 1-12. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const FIELDS = ['year', 'month', 'day', 'hour', 'minute', 'second'] as const;
type Field = (typeof FIELDS)[number];
const isField = (type: string): type is Field => (FIELDS as readonly string[]).includes(type);

// Building a DateTimeFormat costs far more than using one, and the redirect hot path needs
// one per scan: keep one per zone. Only zones Intl accepted are stored, keyed in lower case
// (zone names match case-insensitively), so input cannot grow the map past the zone count.
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
  const wall: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (isField(part.type)) wall[part.type] = Number(part.value);
  }
  return wall;
}

/** Day number (see `dayNumberOf`) and minute of the day of a wall clock. */
export function localDayAndMinute(wall: WallClock): { dayNumber: number; minute: number } {
  return { dayNumber: dayNumberOf(wall.year, wall.month, wall.day), minute: wall.hour * 60 + wall.minute };
}

/** UTC offset of `timeZone` at `instantMs`, in milliseconds (Berlin in summer: +7,200,000). */
export function offsetMsAt(instantMs: number, timeZone: string): number {
  const w = wallClockAt(instantMs, timeZone);
  // The formatter shows whole seconds, so compare against the instant truncated the same way.
  const truncated = instantMs - (((instantMs % 1000) + 1000) % 1000);
  return calendarMs(w.year, w.month, w.day, w.hour, w.minute, w.second) - truncated;
}
