import QRCode, { type BitMatrix, type ErrorCorrectionLevel, type QRCode as QrCodeSymbol, type QRCodeSegment } from 'qrcode';
import QrBitMatrix from 'qrcode/lib/core/bit-matrix';
import { getBlocksCount, getTotalCodewordsCount } from 'qrcode/lib/core/error-correction-code';
import * as Levels from 'qrcode/lib/core/error-correction-level';
import { applyMask, getPenaltyN1, getPenaltyN2, getPenaltyN3 } from 'qrcode/lib/core/mask-pattern';
import { getCharCountIndicator } from 'qrcode/lib/core/mode';
import ReedSolomonEncoder from 'qrcode/lib/core/reed-solomon-encoder';
import { getSymbolTotalCodewords } from 'qrcode/lib/core/utils';
import type { EccLevel } from '../encoder/ecc-level';
import type { QrMatrix } from '../encoder/qr-matrix';

/*
 * The `qrcode` package as an independent reference for our encoder: its symbols, and a reader that
 * takes any symbol apart with qrcode's own structure (reserved modules, mask patterns, placement
 * order, block layout, Reed–Solomon), so a difference can be explained instead of only counted.
 */

/** qrcode's level object for ours. */
export function referenceLevel(ecc: EccLevel): ErrorCorrectionLevel {
  return Levels[ecc];
}

/** qrcode's symbol for a text (its own segmentation) or explicit segments, at a version and mask. */
export function referenceSymbol(data: string | QRCodeSegment[], ecc: EccLevel, version?: number, mask?: number): QrCodeSymbol {
  return QRCode.create(data, { errorCorrectionLevel: ecc, version, maskPattern: mask as QRCode.QRCodeMaskPattern | undefined });
}

/** Bits the segments of a qrcode symbol take: mode indicator, count field and payload of each. */
export function segmentBits(symbol: QrCodeSymbol): number {
  return symbol.segments.reduce((bits, s) => bits + 4 + getCharCountIndicator(s.mode, symbol.version) + s.getBitsLength(), 0);
}

/** The coordinates (x, y) of every module where our matrix and qrcode's differ. */
export function differingModules(ours: QrMatrix, theirs: BitMatrix): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let y = 0; y < ours.size; y++) {
    for (let x = 0; x < ours.size; x++) if (ours.isDark(x, y) !== (theirs.get(y, x) === 1)) out.push([x, y]);
  }
  return out;
}

/** Whether qrcode's layout reserves the module (function patterns, format and version information). */
export function isReservedModule(reference: BitMatrix, x: number, y: number): boolean {
  return Boolean(reference.reservedBit[y * reference.size + x]);
}

/** What a symbol carries, read back with qrcode's structure for its version, level and mask. */
export interface ReadBack {
  /** The data codewords in stream order (blocks de-interleaved), as a string of 0s and 1s. */
  dataBits: string;
  /** Whether every block's error-correction codewords are qrcode's Reed–Solomon of its data. */
  errorCorrectionValid: boolean;
}

/**
 * Reads any symbol's data stream: unmask with qrcode's pattern (reserved modules are left alone),
 * walk the modules in qrcode's placement order, split the codewords into qrcode's blocks and check
 * each block's error correction with qrcode's encoder.
 */
export function readSymbol(modules: (x: number, y: number) => boolean, reference: QrCodeSymbol): ReadBack {
  const { version, maskPattern } = reference;
  const size = reference.modules.size;
  const grid = new QrBitMatrix(size);
  grid.reservedBit.set(reference.modules.reservedBit);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) grid.data[y * size + x] = modules(x, y) ? 1 : 0;
  applyMask(maskPattern!, grid);
  const codewords = placementOrder(grid, getSymbolTotalCodewords(version));
  const { data, ecc } = deinterleave(codewords, version, reference.errorCorrectionLevel);
  const rs = new ReedSolomonEncoder(ecc[0].length);
  const errorCorrectionValid = data.every((block, i) => Buffer.from(rs.encode(block)).equals(Buffer.from(ecc[i])));
  const dataBits = data.map((block) => [...block].map((b) => b.toString(2).padStart(8, '0')).join('')).join('');
  return { dataBits, errorCorrectionValid };
}

/** The codewords in the order qrcode places them (two-module columns, zig-zag, skipping column 6). */
function placementOrder(grid: BitMatrix, total: number): Uint8Array {
  const size = grid.size;
  const out = new Uint8Array(total);
  let n = 0;
  let inc = -1;
  let row = size - 1;
  for (let col = size - 1; col > 0; col -= 2) {
    if (col === 6) col--;
    for (;;) {
      for (let c = 0; c < 2; c++) {
        if (grid.isReserved(row, col - c)) continue;
        if (n < total * 8) out[n >>> 3] |= grid.get(row, col - c) << (7 - (n & 7));
        n++;
      }
      row += inc;
      if (row < 0 || row >= size) {
        row -= inc;
        inc = -inc;
        break;
      }
    }
  }
  return out;
}

/** Splits interleaved codewords into qrcode's blocks: data blocks (short ones first) and their EC. */
function deinterleave(codewords: Uint8Array, version: number, level: ErrorCorrectionLevel): { data: Uint8Array[]; ecc: Uint8Array[] } {
  const total = getSymbolTotalCodewords(version);
  const dataTotal = total - getTotalCodewordsCount(version, level);
  const blocks = getBlocksCount(version, level);
  const longBlocks = total % blocks;
  const shortData = Math.floor(dataTotal / blocks);
  const eccPerBlock = Math.floor(total / blocks) - shortData;
  const data = Array.from({ length: blocks }, (_, b) => new Uint8Array(b < blocks - longBlocks ? shortData : shortData + 1));
  const ecc = Array.from({ length: blocks }, () => new Uint8Array(eccPerBlock));
  let k = 0;
  for (let i = 0; i <= shortData; i++) for (const block of data) if (i < block.length) block[i] = codewords[k++];
  for (let i = 0; i < eccPerBlock; i++) for (const block of ecc) block[i] = codewords[k++];
  return { data, ecc };
}

/**
 * The mask qrcode would choose with two of its penalty rules written as ISO/IEC 18004 7.8.3 has
 * them: N3 (finder-like patterns) also counts patterns that touch the quiet zone, which is light;
 * N4 rates the dark share by whole 5 % steps away from 50 % (qrcode rounds 50–55 % up to one step).
 * N1 and N2 are qrcode's own. Ties go to the lowest mask, as in both encoders.
 */
export function isoMaskChoice(segments: QRCodeSegment[], ecc: EccLevel, version: number): number {
  let best = -1;
  let bestScore = Infinity;
  for (let mask = 0; mask < 8; mask++) {
    const m = referenceSymbol(segments, ecc, version, mask).modules;
    const score = getPenaltyN1(m) + getPenaltyN2(m) + getPenaltyN3(withQuietZone(m)) + isoDarkSharePenalty(m);
    if (score < bestScore) {
      bestScore = score;
      best = mask;
    }
  }
  return best;
}

function withQuietZone(m: BitMatrix): BitMatrix {
  const padded = new QrBitMatrix(m.size + 8);
  for (let row = 0; row < m.size; row++) padded.data.set(m.data.subarray(row * m.size, (row + 1) * m.size), (row + 4) * padded.size + 4);
  return padded;
}

function isoDarkSharePenalty(m: BitMatrix): number {
  const dark = m.data.reduce((sum, v) => sum + v, 0);
  const total = m.data.length;
  return 10 * Math.floor(Math.abs(dark * 20 - total * 10) / total);
}
