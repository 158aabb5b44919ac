import { assignPartitions, fnv1a32, liveMembers, partitionOf } from './index';

describe('partitionOf', () => {
  it('is FNV-1a 32 (the published test vectors), so stored partitions never move between versions', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
    // Pinned: rows already in a log carry these numbers.
    expect(fnv1a32('qr_01HZX5Q8M1B2C3D4E5F6G7H8J9')).toBe(1_627_028_529);
    expect(partitionOf('qr_01HZX5Q8M1B2C3D4E5F6G7H8J9', 12)).toBe(9);
    expect([partitionOf('foobar', 12), partitionOf('a', 12)]).toEqual([0xbf9cf968 % 12, 0xe40c292c % 12]);
  });

  it('hashes the UTF-8 bytes of a key that is not ASCII', () => {
    // "é" is C3 A9 in UTF-8: the same as hashing those two bytes, not the UTF-16 unit 0xE9.
    const bytes = Math.imul(Math.imul(0x811c9dc5 ^ 0xc3, 0x01000193) ^ 0xa9, 0x01000193) >>> 0;
    expect(fnv1a32('é')).toBe(bytes);
  });

  it('puts every key in partition 0 of a one-partition log, and refuses a count that is not a positive integer', () => {
    expect(partitionOf('anything', 1)).toBe(0);
    expect(() => partitionOf('k', 0)).toThrow(RangeError);
    expect(() => partitionOf('k', 2.5)).toThrow(RangeError);
  });

  it('spreads ids evenly enough over 12 partitions', () => {
    const counts = new Array(12).fill(0);
    for (let i = 0; i < 12_000; i++) counts[partitionOf(`qr_${i.toString(36).padStart(8, '0')}`, 12)] += 1;
    for (const c of counts) expect(c).toBeGreaterThan(800);
    for (const c of counts) expect(c).toBeLessThan(1200);
  });
});

describe('assignPartitions', () => {
  const share = (n: number, members: string[]) => members.map((m) => assignPartitions(n, members, m));

  it('gives each live member a contiguous run, all runs together cover every partition once', () => {
    expect(share(12, ['b', 'a'])).toEqual([[6, 7, 8, 9, 10, 11], [0, 1, 2, 3, 4, 5]]);
    for (const [n, m] of [[12, 5], [7, 3], [1, 1], [24, 7]]) {
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

describe('liveMembers', () => {
  it('keeps members whose heartbeat expires after now, sorted, once each', () => {
    const now = new Date(1_000_000);
    const members = [
      { id: 'b', expiresAt: 1_000_001 },
      { id: 'a', expiresAt: 1_500_000 },
      { id: 'c', expiresAt: 1_000_000 }, // expired exactly now
      { id: 'd', expiresAt: 999_000 },
    ];
    expect(liveMembers(members, now)).toEqual(['a', 'b']);
    // The same rows a second later: b has gone too (the clock is injected, nothing reads the real time).
    expect(liveMembers(members, new Date(1_001_000))).toEqual(['a']);
  });
});
