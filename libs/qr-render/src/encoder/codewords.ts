import type { BitWriter } from './bit-writer';
import { reedSolomonRemainder } from './reed-solomon';
import type { BlockLayout } from './version-tables';

/** Pad codewords alternate 11101100 and 00010001 (ISO/IEC 18004 7.4.10). */
const PAD_BYTES = [0xec, 0x11];

/** Adds the terminator (up to four zero bits), zero bits to a byte boundary and the pad codewords. */
export function finishDataCodewords(writer: BitWriter): void {
  const capacityBits = writer.bytes.length * 8;
  // The array is zero-filled, so terminator and bit padding are just a move of the cursor.
  const terminated = Math.min(writer.length + 4, capacityBits);
  for (let i = (terminated + 7) >>> 3, k = 0; i < writer.bytes.length; i++, k ^= 1) writer.bytes[i] = PAD_BYTES[k];
  writer.length = capacityBits;
}

/**
 * Splits the data codewords into Reed–Solomon blocks, computes each block's error correction and
 * interleaves both, as ISO/IEC 18004 7.6 requires: data column by column across the blocks
 * (short blocks first, long blocks carry one extra codeword), then the error correction likewise.
 */
export function interleaveWithErrorCorrection(data: Uint8Array, layout: BlockLayout): Uint8Array {
  const { blocks, eccPerBlock, totalCodewords } = layout;
  const shortBlocks = blocks - (totalCodewords % blocks);
  const shortData = Math.floor(totalCodewords / blocks) - eccPerBlock;
  const ecc = new Uint8Array(blocks * eccPerBlock);
  for (let b = 0; b < blocks; b++) {
    const length = b < shortBlocks ? shortData : shortData + 1;
    reedSolomonRemainder(data, blockStart(b, shortData, shortBlocks), length, eccPerBlock, ecc, b * eccPerBlock);
  }
  const out = new Uint8Array(totalCodewords);
  let k = 0;
  for (let i = 0; i <= shortData; i++) {
    for (let b = i < shortData ? 0 : shortBlocks; b < blocks; b++) out[k++] = data[blockStart(b, shortData, shortBlocks) + i];
  }
  for (let i = 0; i < eccPerBlock; i++) {
    for (let b = 0; b < blocks; b++) out[k++] = ecc[b * eccPerBlock + i];
  }
  return out;
}

/** Index of a block's first data codeword: long blocks come last and are one codeword longer. */
function blockStart(block: number, shortData: number, shortBlocks: number): number {
  return block * shortData + Math.max(0, block - shortBlocks);
}
