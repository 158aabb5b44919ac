import type { CodePoints } from './code-points';
import { utf8Length } from './code-points';
import { COUNT_BITS, ECI_HEADER_BITS, isAlphanumeric, isDigit, MODE_ALPHANUMERIC, MODE_BYTE, MODE_COUNT, MODE_NUMERIC } from './segment-modes';

/** The mode of every code point, and the exact number of data bits that segmentation costs. */
export interface SegmentPlan {
  /** Mode per code point; consecutive equal modes form one segment. */
  readonly modes: Uint8Array;
  /** Bits of the ECI header (if any) plus every segment; Infinity if a count field would overflow. */
  readonly bits: number;
  /** Whether the data starts with the UTF-8 ECI designator. */
  readonly utf8Eci: boolean;
}

/** Cost of one character per mode, in sixths of a bit (numeric 10/3, alphanumeric 11/2, byte 8). */
const NUMERIC_SIXTHS = 20;
const ALPHANUMERIC_SIXTHS = 33;
const BYTE_SIXTHS = 48;
const NONE = 255;

/**
 * Chooses the cheapest mix of numeric, alphanumeric and byte segments for a version group by
 * dynamic programming over (character, mode) — the algorithm of ISO/IEC 18004 annex J made exact,
 * after Nayuki's reference encoder. Costs are kept in sixths of a bit so that the fractional
 * per-character costs stay integers.
 */
export function planSegments(text: CodePoints, group: number): SegmentPlan {
  const n = text.length;
  const from = new Uint8Array(n * MODE_COUNT);
  const head = [0, 1, 2].map((mode) => (4 + COUNT_BITS[mode][group]) * 6);
  const costs = new Float64Array(head);
  for (let i = 0; i < n; i++) stepCosts(text.values[i], costs, head, from, i * MODE_COUNT);
  let mode = MODE_BYTE;
  for (let m = 1; m < MODE_COUNT; m++) if (costs[m] < costs[mode]) mode = m;
  const modes = new Uint8Array(n);
  for (let i = n - 1; i >= 0; i--) {
    mode = from[i * MODE_COUNT + mode];
    modes[i] = mode;
  }
  return { modes, bits: exactBits(text, modes, group), utf8Eci: !text.ascii };
}

/** Advances the per-mode costs over one character and records, per end mode, the mode it was written in. */
function stepCosts(c: number, costs: Float64Array, head: readonly number[], from: Uint8Array, at: number): void {
  costs[MODE_BYTE] += utf8Length(c) * BYTE_SIXTHS;
  from[at + MODE_BYTE] = MODE_BYTE;
  const alnum = isAlphanumeric(c);
  costs[MODE_ALPHANUMERIC] = alnum ? costs[MODE_ALPHANUMERIC] + ALPHANUMERIC_SIXTHS : Infinity;
  from[at + MODE_ALPHANUMERIC] = alnum ? MODE_ALPHANUMERIC : NONE;
  const digit = isDigit(c);
  costs[MODE_NUMERIC] = digit ? costs[MODE_NUMERIC] + NUMERIC_SIXTHS : Infinity;
  from[at + MODE_NUMERIC] = digit ? MODE_NUMERIC : NONE;
  // Or end the segment after this character (rounded up to whole bits) and open one in another mode.
  for (let to = 0; to < MODE_COUNT; to++) {
    for (let m = 0; m < MODE_COUNT; m++) {
      if (from[at + m] === NONE) continue;
      const switched = Math.ceil(costs[m] / 6) * 6 + head[to];
      if (from[at + to] === NONE || switched < costs[to]) {
        costs[to] = switched;
        from[at + to] = m;
      }
    }
  }
}

/** Exact bit length of the segments the modes describe (plus the ECI header for non-ASCII text). */
function exactBits(text: CodePoints, modes: Uint8Array, group: number): number {
  let bits = text.ascii ? 0 : ECI_HEADER_BITS;
  for (let start = 0; start < modes.length;) {
    const mode = modes[start];
    let end = start;
    let bytes = 0;
    while (end < modes.length && modes[end] === mode) bytes += utf8Length(text.values[end++]);
    const chars = end - start;
    const countBits = COUNT_BITS[mode][group];
    const count = mode === MODE_BYTE ? bytes : chars;
    if (count >= 1 << countBits) return Infinity;
    bits += 4 + countBits + payloadBits(mode, chars, bytes);
    start = end;
  }
  return bits;
}

/** Bits of a segment's payload, without mode indicator and count. */
export function payloadBits(mode: number, chars: number, bytes: number): number {
  if (mode === MODE_NUMERIC) return Math.floor(chars / 3) * 10 + [0, 4, 7][chars % 3];
  if (mode === MODE_ALPHANUMERIC) return Math.floor(chars / 2) * 11 + (chars % 2) * 6;
  return bytes * 8;
}
