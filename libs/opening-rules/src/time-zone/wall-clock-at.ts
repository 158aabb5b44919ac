import { type WallClock } from '@qr/domain';
import { dayNumberOf } from './calendar-ms';

// The zone clock is shared with analytics (@qr/domain), re-exported for this library's modules.
export { formatterFor, offsetMsAt, type WallClock, wallClockAt } from '@qr/domain';

/** Day number (see `dayNumberOf`) and minute of the day of a wall clock. */
export function localDayAndMinute(wall: WallClock): { dayNumber: number; minute: number } {
  return { dayNumber: dayNumberOf(wall.year, wall.month, wall.day), minute: wall.hour * 60 + wall.minute };
}
