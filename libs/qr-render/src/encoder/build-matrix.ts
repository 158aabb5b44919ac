import type { EccLevel } from './ecc-level';
import { formatWord } from './format-version-bits';
import { maskPenalty } from './mask-penalty';
import { MASK_COUNT, maskPlanes } from './mask-patterns';
import { QrSymbol } from './qr-symbol';
import { symbolTemplate } from './symbol-template';

/**
 * Places the interleaved codewords into a version's template, tries all eight masks and keeps the
 * one with the lowest penalty (ISO/IEC 18004 7.7–7.9).
 */
export function buildMatrix(version: number, ecc: EccLevel, codewords: Uint8Array): QrSymbol {
  const template = symbolTemplate(version);
  const { size, dataOrder } = template;
  const unmasked = template.base.slice();
  // Remainder modules past the last codeword stay light, as the standard asks.
  const bits = Math.min(dataOrder.length, codewords.length * 8);
  for (let i = 0; i < bits; i++) {
    if ((codewords[i >>> 3] >>> (7 - (i & 7))) & 1) unmasked[dataOrder[i]] = 1;
  }
  const planes = maskPlanes(template);
  const candidate = new Uint8Array(unmasked.length);
  let bestMask = 0;
  let bestScore = Infinity;
  for (let mask = 0; mask < MASK_COUNT; mask++) {
    applyMask(unmasked, planes[mask], candidate);
    drawFormat(candidate, template.formatIndices, formatWord(ecc, mask));
    const score = maskPenalty(candidate, size, bestScore);
    if (score < bestScore) {
      bestScore = score;
      bestMask = mask;
    }
  }
  applyMask(unmasked, planes[bestMask], candidate);
  drawFormat(candidate, template.formatIndices, formatWord(ecc, bestMask));
  return new QrSymbol(version, ecc, bestMask, size, candidate);
}

function applyMask(source: Uint8Array, plane: Uint8Array, out: Uint8Array): void {
  for (let i = 0; i < source.length; i++) out[i] = source[i] ^ plane[i];
}

/** Writes both copies of the 15-bit format word (bit 0 first, see the template's index order). */
function drawFormat(grid: Uint8Array, indices: Uint16Array, word: number): void {
  for (let i = 0; i < 15; i++) {
    const bit = (word >>> i) & 1;
    grid[indices[i]] = bit;
    grid[indices[i + 15]] = bit;
  }
}
