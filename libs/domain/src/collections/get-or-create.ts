/**
 * The map's value for `key`, made with `make` and stored first if there is none.
 *
 * @example getOrCreate(byStatus, 302, () => 0)
 */
export function getOrCreate<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}
