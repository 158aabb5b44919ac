/** No request of ours nests deeper than a handful of levels; 64 leaves room and stops abuse. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether a parsed JSON value nests arrays and objects deeper than `max`. JSON.parse accepts far
 * deeper documents than JSON.stringify and every recursive reader can walk back, so a body this deep
 * is refused at the door (400) instead of overflowing a stack later. Iterative, so it cannot overflow itself.
 *
 * @example jsonDepthExceeds({ a: [[1]] }, 2) // true: the object, the outer array and the inner one
 */
export function jsonDepthExceeds(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth > max) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}
