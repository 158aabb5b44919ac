import { BASE62_ALPHABET, encodeBase62, randomBase62, type RandomBytes } from './base62';

/** A fake random source that hands out the given bytes in order, then fails loudly. */
function scripted(bytes: number[]): { random: RandomBytes; requested: number[] } {
  const queue = [...bytes];
  const requested: number[] = [];
  const random: RandomBytes = (size) => {
    requested.push(size);
    if (queue.length === 0) throw new Error('fake random source exhausted');
    return Uint8Array.from(queue.splice(0, size));
  };
  return { random, requested };
}

describe('BASE62_ALPHABET', () => {
  it('has 62 distinct characters in ASCII order', () => {
    expect(BASE62_ALPHABET).toHaveLength(62);
    expect(new Set(BASE62_ALPHABET).size).toBe(62);
    expect([...BASE62_ALPHABET].sort().join('')).toBe(BASE62_ALPHABET);
  });
});

describe('randomBase62', () => {
  it('returns the requested length using only base62 characters', () => {
    for (const length of [1, 6, 15, 26, 100]) {
      const out = randomBase62(length);
      expect(out).toHaveLength(length);
      expect(out).toMatch(/^[0-9A-Za-z]+$/);
    }
  });

  it('returns an empty string for length 0', () => {
    expect(randomBase62(0)).toBe('');
  });

  it('uses the injected random source, deterministically', () => {
    const a = scripted([0, 1, 2, 10, 36, 61]);
    const b = scripted([0, 1, 2, 10, 36, 61]);
    expect(randomBase62(6, a.random)).toBe('012Aaz');
    expect(randomBase62(6, b.random)).toBe('012Aaz');
    expect(a.requested.length).toBeGreaterThan(0);
  });

  it('maps bytes modulo 62', () => {
    const { random } = scripted([62, 123, 124, 247]);
    // 62 % 62 = 0, 123 % 62 = 61, 124 % 62 = 0, 247 % 62 = 61
    expect(randomBase62(4, random)).toBe('0z0z');
  });

  it('discards bytes 248..255 and keeps going with valid ones', () => {
    const rejected = [248, 249, 250, 251, 252, 253, 254, 255];
    const { random, requested } = scripted([...rejected, 5, 37, 255, 61, 248, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(randomBase62(4, random)).toBe('5bz0');
    // first call asked for 8 bytes and got only rejects, so a second call was needed
    expect(requested.length).toBeGreaterThanOrEqual(2);
  });

  it('asks the source again when a whole batch is rejected', () => {
    const { random } = scripted([255, 255, 255, 255, 1, 1]);
    expect(randomBase62(2, random)).toBe('11');
  });

  it('covers the whole alphabet roughly uniformly over many draws', () => {
    const counts = new Map<string, number>();
    const sample = randomBase62(62 * 400);
    for (const ch of sample) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(62);
    for (const n of counts.values()) {
      expect(n).toBeGreaterThan(200);
      expect(n).toBeLessThan(650);
    }
  });
});

describe('encodeBase62', () => {
  it.each([
    [0, 1, '0'],
    [9, 1, '9'],
    [10, 1, 'A'],
    [35, 1, 'Z'],
    [36, 1, 'a'],
    [61, 1, 'z'],
    [62, 1, '10'],
    [3843, 1, 'zz'],
    [3844, 1, '100'],
    [62 ** 6 - 1, 6, 'zzzzzz'],
  ])('encodes %d (width %d) as %s', (value, width, expected) => {
    expect(encodeBase62(value, width)).toBe(expected);
  });

  it('pads on the left with 0 to the requested width', () => {
    expect(encodeBase62(0, 6)).toBe('000000');
    expect(encodeBase62(61, 6)).toBe('00000z');
    expect(encodeBase62(62, 9)).toBe('000000010');
  });

  it('does not truncate a value wider than the width', () => {
    expect(encodeBase62(62 ** 3, 2)).toBe('1000');
  });

  it('preserves numeric order as string order at a fixed width', () => {
    const values = [0, 1, 61, 62, 1000, 3843, 3844, 1_700_000_000_000, 1_800_000_000_000];
    const encoded = values.map((v) => encodeBase62(v, 9));
    expect([...encoded].sort()).toEqual(encoded);
  });

  it('round-trips through a decoder', () => {
    const decode = (s: string) => [...s].reduce((acc, ch) => acc * 62 + BASE62_ALPHABET.indexOf(ch), 0);
    for (const v of [0, 1, 62, 12345, 4294967295, 1_772_359_200_000]) {
      expect(decode(encodeBase62(v, 9))).toBe(v);
    }
  });
});

describe('pooledRandomBytes', () => {
  it('hands out non-overlapping slices of the requested size, across pool refills', async () => {
    const { pooledRandomBytes } = await import('./base62');
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const bytes = pooledRandomBytes(30);
      expect(bytes).toHaveLength(30);
      seen.add(Buffer.from(bytes).toString('hex'));
    }
    expect(seen.size).toBe(2000);
    expect(pooledRandomBytes(10_000)).toHaveLength(10_000);
  });
});
