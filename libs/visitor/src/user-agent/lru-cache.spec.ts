import { LruCache } from './lru-cache';

describe('LruCache', () => {
  it('never holds more than its capacity', () => {
    const cache = new LruCache<number, number>(3);
    for (let i = 0; i < 100; i++) cache.set(i, i);
    expect(cache.size).toBe(3);
    expect([cache.get(97), cache.get(98), cache.get(99), cache.get(96)]).toEqual([97, 98, 99, undefined]);
  });

  it('evicts the least recently used, not the oldest inserted', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('a');
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
  });

  it('replaces a value without growing', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('a', 2);
    expect(cache.size).toBe(1);
    expect(cache.get('a')).toBe(2);
  });

  it('keeps nothing with capacity 0', () => {
    const cache = new LruCache<string, number>(0);
    cache.set('a', 1);
    expect(cache.size).toBe(0);
  });

  it.each([-1, 1.5, Number.NaN])('refuses capacity %s', (capacity) => {
    expect(() => new LruCache(capacity)).toThrow(RangeError);
  });
});
