/**
 * The pointer of `key` inside the value at `base` (RFC 6901). Keys are escaped because an
 * unknown field can be named anything a client sends, including `a/b` or `~`.
 *
 * @example childPointer('/content/sections', 0) // '/content/sections/0'
 */
export function childPointer(base: string, key: string | number): string {
  const token = String(key).replace(/~/g, '~0').replace(/\//g, '~1');
  return `${base}/${token}`;
}

/**
 * The pointer of a sibling of the value at `pointer`: `siblingPointer('/items/3/content', 'category')`
 * is `/items/3/category`. Used to report a disallowed category next to the content it was sent with.
 */
export function siblingPointer(pointer: string, key: string): string {
  const parent = pointer.slice(0, Math.max(0, pointer.lastIndexOf('/')));
  return childPointer(parent, key);
}
