import type { EccLevel } from './ecc-level';
import { ECC_ORDINAL } from './ecc-level';

/** Smallest and largest QR Code Model 2 versions. */
export const MIN_VERSION = 1;
export const MAX_VERSION = 40;

// ISO/IEC 18004 table 9, one row per level (L, M, Q, H), indexed by version (index 0 unused).
const ECC_CODEWORDS_PER_BLOCK: readonly (readonly number[])[] = [
  [
    0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
    30, 30,
  ],
  [
    0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
    28, 28,
  ],
  [
    0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
    30, 30,
  ],
  [
    0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
    30, 30,
  ],
];

const ERROR_CORRECTION_BLOCKS: readonly (readonly number[])[] = [
  [0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
  [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
  [0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
  [0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
];

/** Modules per side of a version. */
export function symbolSize(version: number): number {
  return version * 4 + 17;
}

/**
 * Modules left for codewords once the function patterns, format and version information are
 * placed (includes the 0–7 remainder bits that carry no data).
 */
export function rawDataModules(version: number): number {
  let result = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const alignments = Math.floor(version / 7) + 2;
    result -= (25 * alignments - 10) * alignments - 55;
    if (version >= 7) result -= 36;
  }
  return result;
}

/** How a version/level splits its codewords into Reed–Solomon blocks. */
export interface BlockLayout {
  readonly totalCodewords: number;
  readonly dataCodewords: number;
  readonly eccPerBlock: number;
  readonly blocks: number;
}

/** The block layout of a version at a level. */
export function blockLayout(version: number, ecc: EccLevel): BlockLayout {
  const row = ECC_ORDINAL[ecc];
  const eccPerBlock = ECC_CODEWORDS_PER_BLOCK[row][version];
  const blocks = ERROR_CORRECTION_BLOCKS[row][version];
  const totalCodewords = rawDataModules(version) >>> 3;
  return { totalCodewords, dataCodewords: totalCodewords - eccPerBlock * blocks, eccPerBlock, blocks };
}

// Data capacity in bits per level and version, computed once: version selection reads it in a loop.
const DATA_BITS: readonly Int32Array[] = [0, 1, 2, 3].map((row) => {
  const bits = new Int32Array(MAX_VERSION + 1);
  for (let v = MIN_VERSION; v <= MAX_VERSION; v++) {
    const eccCodewords = ECC_CODEWORDS_PER_BLOCK[row][v] * ERROR_CORRECTION_BLOCKS[row][v];
    bits[v] = ((rawDataModules(v) >>> 3) - eccCodewords) * 8;
  }
  return bits;
});

/** Data bits a version holds at a level (segments, terminator and padding included). */
export function dataCapacityBits(version: number, ecc: EccLevel): number {
  return DATA_BITS[ECC_ORDINAL[ecc]][version];
}

/** Centre coordinates of the alignment patterns (used for both axes), ascending. */
export function alignmentPositions(version: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  // Evenly spaced from the last one back towards 6, with an even step (ISO/IEC 18004 annex E).
  const step = Math.floor((version * 8 + count * 3 + 5) / (count * 4 - 4)) * 2;
  const positions = [6];
  for (let pos = symbolSize(version) - 7; positions.length < count; pos -= step) positions.splice(1, 0, pos);
  return positions;
}
