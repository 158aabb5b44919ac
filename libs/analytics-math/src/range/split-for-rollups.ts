import { firstBucketFrom } from '../buckets/bucket-of';
import { utcDayOf } from '../buckets/utc-day-of';
import { DAY_MS } from '@qr/domain';
import { type AnalyticsRange } from './analytics-range';

/** Buckets `[fromBucket, toBucketExclusive)`: the ones whose first instant lies in a span. */
export interface BucketSpan {
  fromBucket: number;
  toBucketExclusive: number;
}

/**
 * How to read a range cheaply: the instants `[startMs, endMs)` it covers, the whole UTC days
 * inside them (read from the UTC-day rollups, `first`..`last` inclusive; null when there are
 * none) and the bucket spans left over at either edge (read from the 15-minute buckets). A UTC
 * range has no edges; a range in a zone east of UTC loses the offset at its start and gains the
 * rest of a day at its end (Tokyo: 36 buckets before the first whole day, 60 after the last).
 * A bucket counts where its first instant lies, the same rule `aggregateDays` uses.
 *
 * @example
 * splitForRollups(tokyoRange) // 2026-06-01..2026-06-30 in Asia/Tokyo
 * // → { startMs: …'2026-05-31T15:00Z', endMs: …'2026-06-30T15:00Z',
 * //     wholeUtcDays: { first: '2026-06-01', last: '2026-06-29' },
 * //     edgeBuckets: [{ 36 buckets before 06-01T00:00Z }, { 60 buckets from 06-30T00:00Z }] }
 */
export function splitForRollups(range: AnalyticsRange): {
  startMs: number;
  endMs: number;
  wholeUtcDays: { first: string; last: string } | null;
  edgeBuckets: BucketSpan[];
} {
  const startMs = range.days[0].startMs;
  const endMs = range.days[range.days.length - 1].endMs;
  const firstWholeStart = Math.ceil(startMs / DAY_MS) * DAY_MS;
  const lastWholeEnd = Math.floor(endMs / DAY_MS) * DAY_MS;
  if (lastWholeEnd - firstWholeStart < DAY_MS) {
    return { startMs, endMs, wholeUtcDays: null, edgeBuckets: nonEmpty([span(startMs, endMs)]) };
  }
  const wholeUtcDays = { first: utcDayOf(firstWholeStart), last: utcDayOf(lastWholeEnd - DAY_MS) };
  const edgeBuckets = nonEmpty([span(startMs, firstWholeStart), span(lastWholeEnd, endMs)]);
  return { startMs, endMs, wholeUtcDays, edgeBuckets };
}

function span(fromMs: number, toMs: number): BucketSpan {
  return { fromBucket: firstBucketFrom(fromMs), toBucketExclusive: firstBucketFrom(toMs) };
}

function nonEmpty(spans: BucketSpan[]): BucketSpan[] {
  return spans.filter((s) => s.toBucketExclusive > s.fromBucket);
}
