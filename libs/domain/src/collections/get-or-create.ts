/**
 * The map's (or weak map's) value for `key`, made with `make` and stored first if there is none.
 *
 * @example getOrCreate(byStatus, 302, () => 0)
 */
export function getOrCreate<K, V>(map: { get(key: K): V | undefined; set(key: K, value: V): unknown }, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}
