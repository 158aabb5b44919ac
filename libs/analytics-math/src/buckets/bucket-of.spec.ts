import { BUCKET_MS, bucketOf, firstBucketFrom } from './bucket-of';
import { utcDayOf } from './utc-day-of';

describe('bucketOf', () => {
  it('is a quarter hour', () => expect(BUCKET_MS).toBe(15 * 60 * 1000));

  it.each([
    ['1970-01-01T00:00:00.000Z', 0],
    ['1970-01-01T00:14:59.999Z', 0],
    ['1970-01-01T00:15:00.000Z', 1],
    ['1969-12-31T23:59:59.999Z', -1], // floors towards minus infinity, not towards zero
    ['2026-06-05T23:30:00.000Z', 1_978_558],
    ['2026-06-05T23:44:59.999Z', 1_978_558],
  ])('puts %s in bucket %i', (iso, bucket) => expect(bucketOf(Date.parse(iso))).toBe(bucket));
});

describe('firstBucketFrom', () => {
  it.each([
    [0, 0],
    [1, 1],
    [BUCKET_MS, 1],
    [BUCKET_MS + 1, 2],
    [-1, 0],
    [-BUCKET_MS, -1],
  ])('from %i ms is bucket %i', (ms, bucket) => expect(Object.is(firstBucketFrom(ms), bucket)).toBe(true));
});

describe('utcDayOf', () => {
  it.each([
    ['2026-06-05T00:00:00.000Z', '2026-06-05'],
    ['2026-06-05T23:59:59.999Z', '2026-06-05'],
    ['2026-06-06T00:00:00.000Z', '2026-06-06'],
    ['1969-12-31T23:59:59.999Z', '1969-12-31'],
  ])('of %s is %s', (iso, day) => expect(utcDayOf(Date.parse(iso))).toBe(day));

  it('throws on an instant that is not a time', () => expect(() => utcDayOf(Number.NaN)).toThrow(RangeError));
});
