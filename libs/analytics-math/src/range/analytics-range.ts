/**
 * One local calendar date of a range and the instants it covers, `[startMs, endMs)`: 24 hours
 * normally, 23 or 25 on the days clocks change.
 *
 * @example { date: '2026-03-29', startMs: Date.parse('2026-03-28T23:00:00Z'), endMs: Date.parse('2026-03-29T22:00:00Z') } // Berlin, 23 h
 */
export interface LocalDay {
  date: string;
  startMs: number;
  endMs: number;
}

/**
 * A validated analytics query: local dates `from`..`to` (inclusive) in `timezone`, and every one
 * of those days in order, each ending where the next one starts.
 *
 * @example
 * { from: '2026-06-01', to: '2026-06-30', timezone: 'Asia/Tokyo', includeBots: false, days: […30 LocalDays] }
 */
export interface AnalyticsRange {
  from: string;
  to: string;
  timezone: string;
  includeBots: boolean;
  days: LocalDay[];
}
