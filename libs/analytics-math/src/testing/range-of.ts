import { bucketOf } from '../buckets/bucket-of';
import { type AnalyticsRange } from '../range/analytics-range';
import { parseAnalyticsQuery } from '../range/parse-analytics-query';

/** Test fixture: a validated range built the way the service builds one, failing loudly if invalid. */
export function rangeOf(from: string, to: string, tz: string, includeBots = false): AnalyticsRange {
  const parsed = parseAnalyticsQuery({ from, to, tz, include_bots: String(includeBots) }, { defaultTimezone: 'UTC', today: new Date('2026-06-15T12:00:00Z') });
  if (!parsed.ok) throw new Error(`fixture range is invalid: ${JSON.stringify(parsed.errors)}`);
  return parsed.range;
}

/** Test fixture: the bucket that starts (or contains) an ISO instant. */
export function bucketAt(iso: string): number {
  return bucketOf(Date.parse(iso));
}

/** Test fixture: a local day's instants as ISO strings, and its length in hours, for readable expectations. */
export function dayAsIso(day: { date: string; startMs: number; endMs: number }): { date: string; start: string; end: string; hours: number } {
  return { date: day.date, start: new Date(day.startMs).toISOString(), end: new Date(day.endMs).toISOString(), hours: (day.endMs - day.startMs) / 3_600_000 };
}
