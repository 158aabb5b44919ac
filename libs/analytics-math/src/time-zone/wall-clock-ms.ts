import { DAY_MS, wallClockMs } from '@qr/domain';

/**
 * Day number (days since 1970-01-01) of the local date in `timeZone` at `instantMs`.
 *
 * @example localDayNumberAt(Date.parse('2026-03-01T02:00:00Z'), 'America/Los_Angeles') // 2026-02-28's number
 */
export function localDayNumberAt(instantMs: number, timeZone: string): number {
  return Math.floor(wallClockMs(instantMs, timeZone) / DAY_MS);
}
