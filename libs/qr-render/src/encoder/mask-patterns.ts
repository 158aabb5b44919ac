import type { SymbolTemplate } from './symbol-template';

/** Number of data masks (ISO/IEC 18004 table 10). */
export const MASK_COUNT = 8;

/** Whether mask `mask` inverts the module at column x, row y. */
export function maskInverts(mask: number, x: number, y: number): boolean {
  switch (mask) {
    case 0:
      return (x + y) % 2 === 0;
    case 1:
      return y % 2 === 0;
    case 2:
      return x % 3 === 0;
    case 3:
      return (x + y) % 3 === 0;
    case 4:
      return (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0;
    case 5:
      return ((x * y) % 2) + ((x * y) % 3) === 0;
    case 6:
      return (((x * y) % 2) + ((x * y) % 3)) % 2 === 0;
    default:
      return (((x + y) % 2) + ((x * y) % 3)) % 2 === 0;
  }
}

const patterns = new Map<SymbolTemplate, Uint8Array[]>();

/**
 * The eight masks of a version as XOR planes (1 = invert; function modules are never inverted),
 * built once per version: trying all masks on a symbol is then eight tight XOR loops.
 */
export function maskPlanes(template: SymbolTemplate): readonly Uint8Array[] {
  let planes = patterns.get(template);
  if (!planes) {
    planes = [];
    const { size, isFunction } = template;
    for (let mask = 0; mask < MASK_COUNT; mask++) {
      const plane = new Uint8Array(size * size);
      for (let y = 0, i = 0; y < size; y++) {
        for (let x = 0; x < size; x++, i++) plane[i] = !isFunction[i] && maskInverts(mask, x, y) ? 1 : 0;
      }
      planes.push(plane);
    }
    patterns.set(template, planes);
  }
  return planes;
}
