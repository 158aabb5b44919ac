import type { OpeningRules } from '../opening-rules';
import { localDayAndMinuteAt, weekdayIndexOf } from '../time-zone/local-day';
import { WEEKDAYS } from '../weekdays';
import { parseWallTime } from './parse-wall-time';

const MINUTES_PER_DAY = 1440;

/**
 * The daily part of the rules in minutes of the local day: open from `start` (inclusive) to `end`
 * (exclusive) on each allowed day. `start > end` crosses midnight, and the window then belongs
 * to the day it starts on. `days` holds WEEKDAYS indexes (0 = Monday); null means every day.
 */
export interface DailyWindow {
  readonly start: number;
  readonly end: number;
  readonly days: ReadonlySet<number> | null;
}

type DailyRules = Pick<OpeningRules, 'dailyStart' | 'dailyEnd' | 'dailyDays'>;

/**
 * The daily window of the rules, or null when they restrict neither hours nor days.
 * Days without hours mean whole days. Validation keeps malformed values out of storage;
 * should one slip through, a lone or unparseable time is ignored and an empty window
 * (equal times, empty day list) never opens.
 */
export function dailyWindowOf(rules: DailyRules): DailyWindow | null {
  const start = parseWallTime(rules.dailyStart);
  const end = parseWallTime(rules.dailyEnd);
  let days = rules.dailyDays === null ? null : new Set(rules.dailyDays.map((day) => WEEKDAYS.indexOf(day)));
  if (start === null || end === null) return days === null ? null : { start: 0, end: MINUTES_PER_DAY, days };
  if (start === end) days = new Set<number>();
  return { start, end, days };
}

/** Whether the window is open at `instantMs`, judged by the wall clock in `timeZone`. */
export function isInsideDailyWindow(window: DailyWindow, instantMs: number, timeZone: string): boolean {
  const { dayNumber, minute } = localDayAndMinuteAt(instantMs, timeZone);
  if (window.start < window.end) {
    return isAllowedDay(window, dayNumber) && minute >= window.start && minute < window.end;
  }
  // Crossing midnight: the early-morning part belongs to the window that started the day before.
  return (isAllowedDay(window, dayNumber) && minute >= window.start) || (isAllowedDay(window, dayNumber - 1) && minute < window.end);
}

/** Whether a window may start on the local day `dayNumber` (days since 1970-01-01). */
export function isAllowedDay(window: DailyWindow, dayNumber: number): boolean {
  return window.days === null || window.days.has(weekdayIndexOf(dayNumber));
}
