/**
 * Length of one analytics bucket: 15 minutes. Every UTC offset in use today is a multiple of
 * 15 minutes, so a local day in any zone (+05:30 and +05:45 included) is a whole number of
 * buckets, and the projection never has to store per-zone data.
 *
 * @example BUCKET_MS // 900_000
 */
export const BUCKET_MS = 900_000;

/**
 * Index of the 15-minute UTC bucket an instant falls in: `floor(epochMs / BUCKET_MS)`. Floors
 * towards minus infinity, so instants before 1970 get the bucket that contains them too.
 *
 * @example bucketOf(Date.parse('2026-06-05T23:44:59.999Z')) // 1_978_558 (starts 23:30Z)
 */
export function bucketOf(epochMs: number): number {
  return Math.floor(epochMs / BUCKET_MS);
}

/**
 * Index of the first bucket that starts at or after `epochMs`. Span ends are exclusive, so this
 * is also the exclusive end of a span that stops at `epochMs`. A bucket belongs to whatever
 * contains its first instant; with a 15-minute-aligned boundary this is just `epochMs / BUCKET_MS`.
 *
 * @example firstBucketFrom(Date.parse('2026-06-05T00:00:00Z')) === bucketOf(Date.parse('2026-06-05T00:00:00Z'))
 */
export function firstBucketFrom(epochMs: number): number {
  // `+ 0` turns Math.ceil's -0 (for -1 < x < 0) into 0, which strict equality tests tell apart.
  return Math.ceil(epochMs / BUCKET_MS) + 0;
}
