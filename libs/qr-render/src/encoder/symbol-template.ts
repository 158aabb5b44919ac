import { versionWord } from './format-version-bits';
import { alignmentPositions, symbolSize } from './version-tables';

/**
 * Everything about a symbol that depends on its version only, computed once per version:
 * encoding a symbol then starts from a copy of `base` instead of redrawing the patterns.
 */
export interface SymbolTemplate {
  readonly version: number;
  readonly size: number;
  /** Function patterns (1 = dark), row-major; the format areas are reserved but left light. */
  readonly base: Uint8Array;
  /** 1 where a module belongs to a function pattern or the format/version areas. */
  readonly isFunction: Uint8Array;
  /** Indexes (y * size + x) of the data modules in codeword placement order. */
  readonly dataOrder: Uint16Array;
  /** Where format bit i goes: entries 0–14 the copy around the top-left finder, 15–29 the split copy. */
  readonly formatIndices: Uint16Array;
}

const templates: (SymbolTemplate | undefined)[] = [];

/** The (cached) template of a version. */
export function symbolTemplate(version: number): SymbolTemplate {
  return (templates[version] ??= buildTemplate(version));
}

function buildTemplate(version: number): SymbolTemplate {
  const size = symbolSize(version);
  const base = new Uint8Array(size * size);
  const isFunction = new Uint8Array(size * size);
  const set = (x: number, y: number, dark: boolean): void => {
    base[y * size + x] = dark ? 1 : 0;
    isFunction[y * size + x] = 1;
  };
  drawTimingAndFinders(size, set);
  drawAlignmentPatterns(version, set);
  const formatIndices = reserveFormatAreas(size, set);
  if (version >= 7) drawVersionInformation(version, size, set);
  return { version, size, base, isFunction, dataOrder: placementOrder(size, isFunction), formatIndices };
}

type SetModule = (x: number, y: number, dark: boolean) => void;

function drawTimingAndFinders(size: number, set: SetModule): void {
  for (let i = 0; i < size; i++) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  // Finder (7×7 with a 3×3 core) plus its light separator; drawn after the timing lines it crosses.
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ]) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        const ring = Math.max(Math.abs(dx), Math.abs(dy));
        if (x >= 0 && x < size && y >= 0 && y < size) set(x, y, ring !== 2 && ring !== 4);
      }
    }
  }
}

function drawAlignmentPatterns(version: number, set: SetModule): void {
  const positions = alignmentPositions(version);
  const last = positions.length - 1;
  for (let i = 0; i <= last; i++) {
    for (let j = 0; j <= last; j++) {
      // The three corners that hold finder patterns get no alignment pattern.
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) continue;
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) set(positions[i] + dx, positions[j] + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
      }
    }
  }
}

/** Reserves both format-information copies and sets the always-dark module; returns the bit positions. */
function reserveFormatAreas(size: number, set: SetModule): Uint16Array {
  const coordinates: [number, number][] = [];
  for (let i = 0; i <= 5; i++) coordinates.push([8, i]);
  coordinates.push([8, 7], [8, 8], [7, 8]);
  for (let i = 9; i < 15; i++) coordinates.push([14 - i, 8]);
  for (let i = 0; i < 8; i++) coordinates.push([size - 1 - i, 8]);
  for (let i = 8; i < 15; i++) coordinates.push([8, size - 15 + i]);
  for (const [x, y] of coordinates) set(x, y, false);
  set(8, size - 8, true);
  return Uint16Array.from(coordinates, ([x, y]) => y * size + x);
}

function drawVersionInformation(version: number, size: number, set: SetModule): void {
  const word = versionWord(version);
  for (let i = 0; i < 18; i++) {
    const dark = ((word >>> i) & 1) === 1;
    const a = size - 11 + (i % 3);
    const b = Math.floor(i / 3);
    set(a, b, dark);
    set(b, a, dark);
  }
}

/**
 * The zigzag of ISO/IEC 18004 7.7.3: two-module-wide columns from the right edge, alternately
 * upwards and downwards, skipping the vertical timing column and every function module.
 */
function placementOrder(size: number, isFunction: Uint8Array): Uint16Array {
  const order: number[] = [];
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    const upward = ((right + 1) & 2) === 0;
    for (let vert = 0; vert < size; vert++) {
      const y = upward ? size - 1 - vert : vert;
      for (let x = right; x >= right - 1; x--) if (!isFunction[y * size + x]) order.push(y * size + x);
    }
  }
  return Uint16Array.from(order);
}
