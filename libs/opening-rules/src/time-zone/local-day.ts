import { calendarMs, DAY_MS, wallClockAt } from '@qr/domain';

/**
 * The local day in `timeZone` at `instantMs`, as days since 1970-01-01 (consecutive integers make
 * "the day before" plain arithmetic), and the minute of that day.
 */
export function localDayAndMinuteAt(instantMs: number, timeZone: string): { dayNumber: number; minute: number } {
  const wall = wallClockAt(instantMs, timeZone);
  return { dayNumber: Math.floor(calendarMs(wall.year, wall.month, wall.day) / DAY_MS), minute: wall.hour * 60 + wall.minute };
}

/** Index into WEEKDAYS (0 = Monday) of a day number; 1970-01-01 was a Thursday. */
export function weekdayIndexOf(dayNumber: number): number {
  return (((dayNumber + 3) % 7) + 7) % 7;
}
