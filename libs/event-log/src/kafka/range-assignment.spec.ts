import { assignPartitions } from './range-assignment';

describe('assignPartitions', () => {
  const share = (n: number, members: string[]) => members.map((m) => assignPartitions(n, members, m));

  it('gives each member a contiguous run, all runs together cover every partition once', () => {
    expect(share(12, ['b', 'a'])).toEqual([
      [6, 7, 8, 9, 10, 11],
      [0, 1, 2, 3, 4, 5],
    ]);
    for (const [n, m] of [
      [12, 5],
      [7, 3],
      [1, 1],
      [24, 7],
    ]) {
      const members = Array.from({ length: m }, (_, i) => `m${i}`);
      const runs = share(n, members);
      expect(runs.flat().sort((x, y) => x - y)).toEqual(Array.from({ length: n }, (_, i) => i));
      const sizes = runs.map((r) => r.length);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    }
  });

  it('answers the same whatever order the member list comes in, and ignores duplicates', () => {
    expect(assignPartitions(12, ['c', 'a', 'b'], 'b')).toEqual(assignPartitions(12, ['a', 'b', 'c', 'b'], 'b'));
  });

  it('leaves members beyond the partition count, and members not in the list, without partitions', () => {
    const members = ['a', 'b', 'c', 'd'];
    const runs = share(2, members);
    expect(runs.filter((r) => r.length === 0)).toHaveLength(2);
    expect(runs.flat().sort()).toEqual([0, 1]);
    expect(assignPartitions(12, ['a'], 'z')).toEqual([]);
  });
});
