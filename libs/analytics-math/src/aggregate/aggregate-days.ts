import { BUCKET_MS } from '../buckets/bucket-of';
import { type AnalyticsRange } from '../range/analytics-range';
import { dayIndexAt } from '../range/local-days-between';

/**
 * One 15-minute bucket of a code's scans, as the projection stores it. A unique scanner is
 * counted in the bucket where its daily visitor key was first seen that UTC day, so uniques over
 * any set of buckets add up.
 */
export interface BucketRow {
  bucket: number;
  human: number;
  bot: number;
  human_uniques: number;
  bot_uniques: number;
}

/**
 * `by_day` (every local day of the range, in order, zeros included) and the totals, from bucket
 * rows. A row counts on the local day containing its bucket's first instant; rows outside the
 * range are ignored, so the caller may over-fetch. Bots count only when `range.includeBots`.
 * `unique_scanners` is the sum of daily uniques: visitor keys rotate daily, so one person on two
 * days counts twice, by design (nothing links their days).
 *
 * @example
 * aggregateDays(tokyoRange, [{ bucket: bucketOf(Date.parse('2026-06-05T23:30:00Z')), human: 2, bot: 1, human_uniques: 1, bot_uniques: 1 }])
 * // → { total_scans: 2, unique_scanners: 1, by_day: [..., { date: '2026-06-06', scans: 2, unique_scanners: 1 }, ...] }
 */
export function aggregateDays(
  range: AnalyticsRange,
  rows: readonly BucketRow[],
): { total_scans: number; unique_scanners: number; by_day: Array<{ date: string; scans: number; unique_scanners: number }> } {
  const byDay = range.days.map((day) => ({ date: day.date, scans: 0, unique_scanners: 0 }));
  let [totalScans, totalUniques] = [0, 0];
  for (const row of rows) {
    const index = dayIndexAt(range.days, row.bucket * BUCKET_MS);
    if (index < 0) continue;
    const scans = row.human + (range.includeBots ? row.bot : 0);
    const uniques = row.human_uniques + (range.includeBots ? row.bot_uniques : 0);
    byDay[index].scans += scans;
    byDay[index].unique_scanners += uniques;
    totalScans += scans;
    totalUniques += uniques;
  }
  return { total_scans: totalScans, unique_scanners: totalUniques, by_day: byDay };
}
