import { DAY_MS } from '@qr/domain';
import { offsetChangesBetween } from '../time-zone/offset-changes-between';
import type { Weekday } from '../weekdays';
import { dailyWindowOf, isInsideDailyWindow } from './daily-window';
import { nextDailyOpening } from './next-daily-opening';

const QUARTER_HOUR_MS = 15 * 60_000;

/** The obvious answer: walk forward a quarter hour at a time (every zone used here moves in quarter hours). */
function bruteForceOpening(rules: Parameters<typeof dailyWindowOf>[0], fromMs: number, tz: string): number | null {
  const window = dailyWindowOf(rules)!;
  if (isInsideDailyWindow(window, fromMs, tz)) return fromMs;
  for (let t = Math.ceil((fromMs + 1) / QUARTER_HOUR_MS) * QUARTER_HOUR_MS; t < fromMs + 10 * DAY_MS; t += QUARTER_HOUR_MS) {
    if (isInsideDailyWindow(window, t, tz)) return t;
  }
  return null;
}

describe('nextDailyOpening agrees with a quarter-hour walk around every DST change', () => {
  const zones = ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'America/Santiago'];
  const windows: Array<[string, string]> = [
    ['01:00', '03:00'],
    ['02:00', '04:00'],
    ['02:15', '02:45'],
    ['01:30', '02:30'],
    ['23:30', '00:30'],
    ['22:00', '02:00'],
  ];
  const daySets: Array<Weekday[] | null> = [null, ['sun'], ['sat', 'mon']];
  const leadTimes = [-180, -10, 15, 90, 300, 1380].map((minutes) => minutes * 60_000);

  for (const tz of zones) {
    const changes = offsetChangesBetween(Date.parse('2026-01-01T00:00:00Z'), Date.parse('2027-01-01T00:00:00Z'), tz);
    it(`in ${tz} (${changes.length} changes)`, () => {
      expect(changes).toHaveLength(2);
      for (const change of changes) {
        for (const [dailyStart, dailyEnd] of windows) {
          for (const dailyDays of daySets) {
            const rules = { dailyStart, dailyEnd, dailyDays };
            for (const lead of leadTimes) {
              const from = change - lead + 7_000; // off the minute grid on purpose
              const label = `${dailyStart}–${dailyEnd} ${JSON.stringify(dailyDays)} from ${new Date(from).toISOString()}`;
              expect({ label, at: nextDailyOpening(dailyWindowOf(rules)!, from, tz) }).toEqual({ label, at: bruteForceOpening(rules, from, tz) });
            }
          }
        }
      }
    });
  }

  it('returns from itself when the window is open', () => {
    const window = dailyWindowOf({ dailyStart: '09:00', dailyEnd: '17:00', dailyDays: null })!;
    expect(nextDailyOpening(window, Date.parse('2026-06-05T10:00:00.123Z'), 'UTC')).toBe(Date.parse('2026-06-05T10:00:00.123Z'));
  });

  it('returns null for a window that never opens', () => {
    const window = dailyWindowOf({ dailyStart: '09:00', dailyEnd: '17:00', dailyDays: [] })!;
    expect(nextDailyOpening(window, Date.parse('2026-06-05T10:00:00Z'), 'UTC')).toBeNull();
  });
});
