import { aggregateDimension, type DimensionRow } from './aggregate-dimension';

const r = (value: string | null, human: number, bot = 0): DimensionRow => ({ value, human, bot });

describe('aggregateDimension', () => {
  describe('device', () => {
    it('always lists mobile, tablet, desktop, other in that order, zeros kept', () => {
      expect(aggregateDimension('device', [], false)).toEqual([
        { value: 'mobile', scans: 0 },
        { value: 'tablet', scans: 0 },
        { value: 'desktop', scans: 0 },
        { value: 'other', scans: 0 },
      ]);
    });

    it('keeps the fixed order whatever the counts, and files missing or unknown devices under other', () => {
      const rows = [r('desktop', 9), r('mobile', 1), r(null, 2), r('smart-tv', 3), r('other', 1), r('desktop', 1, 5)];
      expect(aggregateDimension('device', rows, false)).toEqual([
        { value: 'mobile', scans: 1 },
        { value: 'tablet', scans: 0 },
        { value: 'desktop', scans: 10 },
        { value: 'other', scans: 6 },
      ]);
      expect(aggregateDimension('device', rows, true).find((d) => d.value === 'desktop')).toEqual({ value: 'desktop', scans: 15 });
    });
  });

  describe.each(['country', 'os', 'browser'] as const)('%s', (kind) => {
    it('sums per value, sorts by scans descending then value ascending, and drops zeros', () => {
      const rows = [r('b', 2), r('a', 2), r('c', 5), r('b', 1), r('z', 0), r('y', 0, 4), r('C', 3)];
      expect(aggregateDimension(kind, rows, false)).toEqual([
        { value: 'c', scans: 5 },
        { value: 'C', scans: 3 },
        { value: 'b', scans: 3 },
        { value: 'a', scans: 2 },
      ]);
    });

    it('counts bots only when asked', () => {
      const rows = [r('a', 1, 9), r('b', 2, 0), r('bot-only', 0, 1)];
      expect(aggregateDimension(kind, rows, false)).toEqual([
        { value: 'b', scans: 2 },
        { value: 'a', scans: 1 },
      ]);
      expect(aggregateDimension(kind, rows, true)).toEqual([
        { value: 'a', scans: 10 },
        { value: 'b', scans: 2 },
        { value: 'bot-only', scans: 1 },
      ]);
    });

    it("merges null and '' into unknown, which sorts like any other value", () => {
      const rows = [r(null, 2), r('', 1), r('DE', 3), r('unknown', 0), r('AT', 3)];
      expect(aggregateDimension(kind, rows, false)).toEqual([
        { value: 'AT', scans: 3 },
        { value: 'DE', scans: 3 },
        { value: 'unknown', scans: 3 },
      ]);
    });

    it('answers an empty list without rows', () => expect(aggregateDimension(kind, [], true)).toEqual([]));
  });
});
