import { bucketAt, rangeOf } from '../testing/range-of';
import { splitForRollups } from './split-for-rollups';

const iso = (ms: number) => new Date(ms).toISOString();
const span = (fromIso: string, toIso: string) => ({ fromBucket: bucketAt(fromIso), toBucketExclusive: bucketAt(toIso) });
const sizes = (spans: Array<{ fromBucket: number; toBucketExclusive: number }>) => spans.map((s) => s.toBucketExclusive - s.fromBucket);

describe('splitForRollups', () => {
  it('reads a UTC range from the day rollups alone', () => {
    const split = splitForRollups(rangeOf('2026-06-01', '2026-06-30', 'UTC'));
    expect([iso(split.startMs), iso(split.endMs)]).toEqual(['2026-06-01T00:00:00.000Z', '2026-07-01T00:00:00.000Z']);
    expect(split.wholeUtcDays).toEqual({ first: '2026-06-01', last: '2026-06-30' });
    expect(split.edgeBuckets).toEqual([]);
  });

  it('reads the 9 hours before the first whole UTC day and the 15 after the last from buckets in Tokyo', () => {
    // Local 2026-06-01 00:00 JST is 2026-05-31T15:00Z; local 2026-07-01 00:00 JST is 2026-06-30T15:00Z.
    const split = splitForRollups(rangeOf('2026-06-01', '2026-06-30', 'Asia/Tokyo'));
    expect([iso(split.startMs), iso(split.endMs)]).toEqual(['2026-05-31T15:00:00.000Z', '2026-06-30T15:00:00.000Z']);
    expect(split.wholeUtcDays).toEqual({ first: '2026-06-01', last: '2026-06-29' });
    expect(split.edgeBuckets).toEqual([span('2026-05-31T15:00:00Z', '2026-06-01T00:00:00Z'), span('2026-06-30T00:00:00Z', '2026-06-30T15:00:00Z')]);
    // The edges always add up to one day: the range is whole local days shifted by the offset.
    expect(sizes(split.edgeBuckets)).toEqual([36, 60]);
  });

  it('splits on the quarter hour in Kathmandu (+05:45)', () => {
    const split = splitForRollups(rangeOf('2026-06-01', '2026-06-30', 'Asia/Kathmandu'));
    expect(iso(split.startMs)).toBe('2026-05-31T18:15:00.000Z');
    expect(split.wholeUtcDays).toEqual({ first: '2026-06-01', last: '2026-06-29' });
    expect(split.edgeBuckets).toEqual([span('2026-05-31T18:15:00Z', '2026-06-01T00:00:00Z'), span('2026-06-30T00:00:00Z', '2026-06-30T18:15:00Z')]);
    expect(sizes(split.edgeBuckets)).toEqual([23, 73]);
  });

  it('puts the short edge at the end west of UTC (New York)', () => {
    const split = splitForRollups(rangeOf('2026-06-01', '2026-06-30', 'America/New_York'));
    expect(split.wholeUtcDays).toEqual({ first: '2026-06-02', last: '2026-06-30' });
    expect(sizes(split.edgeBuckets)).toEqual([80, 16]);
  });

  it('follows a DST change inside the range', () => {
    // Berlin 2026-03-01..03-31: starts at +01:00, ends at +02:00, so the range is 743 hours long.
    const split = splitForRollups(rangeOf('2026-03-01', '2026-03-31', 'Europe/Berlin'));
    expect([iso(split.startMs), iso(split.endMs)]).toEqual(['2026-02-28T23:00:00.000Z', '2026-03-31T22:00:00.000Z']);
    expect(split.wholeUtcDays).toEqual({ first: '2026-03-01', last: '2026-03-30' });
    expect(sizes(split.edgeBuckets)).toEqual([4, 88]);
  });

  it('has no whole UTC day in a one-day range off UTC: one bucket span covers it', () => {
    const split = splitForRollups(rangeOf('2026-06-05', '2026-06-05', 'Asia/Tokyo'));
    expect(split.wholeUtcDays).toBeNull();
    expect(split.edgeBuckets).toEqual([span('2026-06-04T15:00:00Z', '2026-06-05T15:00:00Z')]);
  });

  it('reads a one-day UTC range as that single rollup day', () => {
    const split = splitForRollups(rangeOf('2026-06-05', '2026-06-05', 'UTC'));
    expect(split.wholeUtcDays).toEqual({ first: '2026-06-05', last: '2026-06-05' });
    expect(split.edgeBuckets).toEqual([]);
  });
});
