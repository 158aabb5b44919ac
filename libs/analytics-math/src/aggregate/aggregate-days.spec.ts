import { bucketAt, rangeOf } from '../testing/range-of';
import { aggregateDays, type BucketRow } from './aggregate-days';

const row = (iso: string, counts: Partial<Omit<BucketRow, 'bucket'>> = {}): BucketRow => ({
  bucket: bucketAt(iso),
  human: 1,
  bot: 0,
  human_uniques: 1,
  bot_uniques: 0,
  ...counts,
});
/** Scans per date, only the days that have any: short expectations for long ranges. */
const scansByDate = (result: ReturnType<typeof aggregateDays>) => Object.fromEntries(result.by_day.filter((d) => d.scans > 0).map((d) => [d.date, d.scans]));

describe('aggregateDays', () => {
  describe('a scan at 23:30 UTC (docs/api.md: days are local days in tz)', () => {
    const rows = [row('2026-06-05T23:30:00Z')];

    it('lands on the next day in Asia/Tokyo (08:30 JST on the 6th)', () => {
      expect(scansByDate(aggregateDays(rangeOf('2026-06-04', '2026-06-07', 'Asia/Tokyo'), rows))).toEqual({ '2026-06-06': 1 });
    });

    it('lands on the same day in America/New_York (19:30 EDT on the 5th)', () => {
      expect(scansByDate(aggregateDays(rangeOf('2026-06-04', '2026-06-07', 'America/New_York'), rows))).toEqual({ '2026-06-05': 1 });
    });

    it('lands on the same day in UTC', () => {
      expect(scansByDate(aggregateDays(rangeOf('2026-06-04', '2026-06-07', 'UTC'), rows))).toEqual({ '2026-06-05': 1 });
    });
  });

  it.each([
    // Local 23:45 is the last bucket of the day; local 00:00 is the first of the next.
    ['Asia/Kolkata', '2026-06-05T18:15:00Z', '2026-06-05T18:30:00Z'],
    ['Asia/Kathmandu', '2026-06-05T18:00:00Z', '2026-06-05T18:15:00Z'],
  ])('splits days exactly on the local midnight in %s', (tz, at2345, atMidnight) => {
    const result = aggregateDays(rangeOf('2026-06-05', '2026-06-06', tz), [row(at2345, { human: 2 }), row(atMidnight, { human: 3 })]);
    expect(scansByDate(result)).toEqual({ '2026-06-05': 2, '2026-06-06': 3 });
  });

  describe('on DST days', () => {
    it('gives Berlin 2026-03-29 its 23 hours of buckets', () => {
      const range = rangeOf('2026-03-28', '2026-03-30', 'Europe/Berlin');
      const rows = [
        row('2026-03-28T22:45:00Z'), // 23:45 CET on the 28th
        row('2026-03-28T23:00:00Z'), // 00:00 CET on the 29th
        row('2026-03-29T00:45:00Z'), // 01:45 CET, the last bucket before the jump
        row('2026-03-29T01:00:00Z'), // 03:00 CEST
        row('2026-03-29T21:45:00Z'), // 23:45 CEST, the 92nd and last bucket of the day
        row('2026-03-29T22:00:00Z'), // 00:00 CEST on the 30th
      ];
      expect(scansByDate(aggregateDays(range, rows))).toEqual({ '2026-03-28': 1, '2026-03-29': 4, '2026-03-30': 1 });
    });

    it('gives Berlin 2026-10-25 its 25 hours, the repeated hour included', () => {
      const range = rangeOf('2026-10-24', '2026-10-26', 'Europe/Berlin');
      const rows = [
        row('2026-10-24T21:45:00Z'), // 23:45 CEST on the 24th
        row('2026-10-24T22:00:00Z'), // 00:00 CEST on the 25th
        row('2026-10-25T00:30:00Z'), // 02:30 CEST
        row('2026-10-25T01:30:00Z'), // 02:30 CET, the same wall time an hour later
        row('2026-10-25T22:45:00Z'), // 23:45 CET, the 100th and last bucket of the day
        row('2026-10-25T23:00:00Z'), // 00:00 CET on the 26th
      ];
      expect(scansByDate(aggregateDays(range, rows))).toEqual({ '2026-10-24': 1, '2026-10-25': 4, '2026-10-26': 1 });
    });

    it('gives New York 2026-03-08 23 hours and 2026-11-01 25 hours', () => {
      const spring = aggregateDays(rangeOf('2026-03-07', '2026-03-09', 'America/New_York'), [
        row('2026-03-08T04:45:00Z'), // 23:45 EST on the 7th
        row('2026-03-08T05:00:00Z'), // 00:00 EST on the 8th
        row('2026-03-09T03:45:00Z'), // 23:45 EDT on the 8th
        row('2026-03-09T04:00:00Z'), // 00:00 EDT on the 9th
      ]);
      expect(scansByDate(spring)).toEqual({ '2026-03-07': 1, '2026-03-08': 2, '2026-03-09': 1 });
      const fall = aggregateDays(rangeOf('2026-10-31', '2026-11-02', 'America/New_York'), [
        row('2026-11-01T03:45:00Z'), // 23:45 EDT on Oct 31
        row('2026-11-01T04:00:00Z'), // 00:00 EDT on Nov 1
        row('2026-11-02T04:45:00Z'), // 23:45 EST on Nov 1
        row('2026-11-02T05:00:00Z'), // 00:00 EST on Nov 2
      ]);
      expect(scansByDate(fall)).toEqual({ '2026-10-31': 1, '2026-11-01': 2, '2026-11-02': 1 });
    });

    it('attributes one scan per bucket of a DST day to that day: 92, 100 buckets', () => {
      const everyBucket = (fromIso: string, toIso: string) => {
        const rows: BucketRow[] = [];
        for (let b = bucketAt(fromIso); b < bucketAt(toIso); b++) rows.push({ bucket: b, human: 1, bot: 0, human_uniques: 0, bot_uniques: 0 });
        return rows;
      };
      const spring = aggregateDays(rangeOf('2026-03-29', '2026-03-29', 'Europe/Berlin'), everyBucket('2026-03-28T00:00:00Z', '2026-03-31T00:00:00Z'));
      expect(spring.by_day).toEqual([{ date: '2026-03-29', scans: 92, unique_scanners: 0 }]);
      const fall = aggregateDays(rangeOf('2026-10-25', '2026-10-25', 'Europe/Berlin'), everyBucket('2026-10-24T00:00:00Z', '2026-10-27T00:00:00Z'));
      expect(fall.by_day).toEqual([{ date: '2026-10-25', scans: 100, unique_scanners: 0 }]);
    });
  });

  describe('totals, uniques and bots', () => {
    const rows = [
      row('2026-06-01T08:00:00Z', { human: 5, bot: 3, human_uniques: 2, bot_uniques: 1 }),
      row('2026-06-01T09:00:00Z', { human: 1, bot: 0, human_uniques: 1, bot_uniques: 0 }),
      row('2026-06-03T10:00:00Z', { human: 0, bot: 7, human_uniques: 0, bot_uniques: 2 }),
    ];

    it('lists every day of the range in order, zeros included, and counts humans only by default', () => {
      expect(aggregateDays(rangeOf('2026-06-01', '2026-06-04', 'UTC'), rows)).toEqual({
        total_scans: 6,
        unique_scanners: 3,
        by_day: [
          { date: '2026-06-01', scans: 6, unique_scanners: 3 },
          { date: '2026-06-02', scans: 0, unique_scanners: 0 },
          { date: '2026-06-03', scans: 0, unique_scanners: 0 },
          { date: '2026-06-04', scans: 0, unique_scanners: 0 },
        ],
      });
    });

    it('adds bot scans and bot uniques when bots are included', () => {
      expect(aggregateDays(rangeOf('2026-06-01', '2026-06-04', 'UTC', true), rows)).toEqual({
        total_scans: 16,
        unique_scanners: 6,
        by_day: [
          { date: '2026-06-01', scans: 9, unique_scanners: 4 },
          { date: '2026-06-02', scans: 0, unique_scanners: 0 },
          { date: '2026-06-03', scans: 7, unique_scanners: 2 },
          { date: '2026-06-04', scans: 0, unique_scanners: 0 },
        ],
      });
    });

    it('ignores rows outside the range, on both sides', () => {
      const result = aggregateDays(rangeOf('2026-06-02', '2026-06-02', 'Asia/Tokyo'), [
        row('2026-06-01T14:45:00Z', { human: 100 }), // 23:45 JST on the 1st
        row('2026-06-01T15:00:00Z', { human: 2 }), // 00:00 JST on the 2nd
        row('2026-06-02T15:00:00Z', { human: 100 }), // 00:00 JST on the 3rd
      ]);
      expect(result).toEqual({ total_scans: 2, unique_scanners: 1, by_day: [{ date: '2026-06-02', scans: 2, unique_scanners: 1 }] });
    });

    it('answers zeros for every day without rows', () => {
      const result = aggregateDays(rangeOf('2026-06-01', '2026-06-30', 'UTC'), []);
      expect(result.total_scans).toBe(0);
      expect(result.by_day).toHaveLength(30);
      expect(result.by_day.every((d) => d.scans === 0 && d.unique_scanners === 0)).toBe(true);
    });
  });
});
