// Pure time math and response shaping for `GET /qrcodes/{id}/analytics`: query validation,
// local days in any IANA zone, which rollups and 15-minute buckets cover a range, and the
// by_day / breakdown / CSV answers. No I/O, no framework; "now" is always passed in.
export { BUCKET_MS, bucketOf } from './buckets/bucket-of';
export { utcDayOf } from './buckets/utc-day-of';
export type { AnalyticsRange, LocalDay } from './range/analytics-range';
export { parseAnalyticsQuery } from './range/parse-analytics-query';
export { CodeAnalyticsQuery, WorkspaceAnalyticsQuery } from './range/analytics-query';
export { splitForRollups } from './range/split-for-rollups';
export { aggregateDays, type BucketRow } from './aggregate/aggregate-days';
export { aggregateDimension, type DimensionRow } from './aggregate/aggregate-dimension';
export { analyticsCsv } from './csv/analytics-csv';
