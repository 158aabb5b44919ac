/**
 * A bounded least-recently-used map. A `Map` iterates in insertion order, so re-inserting on every
 * hit keeps the least recently used key first, and evicting is deleting that first key.
 *
 * @example
 * const cache = new LruCache<string, number>(2);
 * cache.set('a', 1); cache.set('b', 2); cache.get('a'); cache.set('c', 3); // evicts 'b'
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, V>();

  /** @param capacity most entries kept; 0 keeps none (caching off). */
  constructor(private readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 0) {
      throw new RangeError(`LRU capacity must be a non-negative integer, got ${capacity}`);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value for `key`, which becomes the most recently used; undefined when absent. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Stores `value` as the most recently used, evicting the least recently used beyond capacity. */
  set(key: K, value: V): void {
    if (this.capacity === 0) return;
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }
}
