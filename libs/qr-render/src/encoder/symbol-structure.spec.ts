import QRCode from 'qrcode';
import type { EccLevel, QrMatrix } from '../index';
import { encodeText } from '../index';
import { formatWord } from './format-version-bits';
import { alignmentPositions, dataCapacityBits } from './version-tables';

/** Reads the module at (x, y) as 0/1. */
const bit = (m: QrMatrix, x: number, y: number): number => (m.isDark(x, y) ? 1 : 0);

/** Text that needs exactly the given version at level M (byte mode, a little over the previous version). */
function matrixOfVersion(version: number, ecc: EccLevel = 'M'): QrMatrix {
  return encodeText('x'.repeat(version * 10), { ecc, minVersion: version, maxVersion: version });
}

function expectFinderAt(m: QrMatrix, left: number, top: number): void {
  for (let dy = -1; dy <= 7; dy++) {
    for (let dx = -1; dx <= 7; dx++) {
      const x = left + dx;
      const y = top + dy;
      if (x < 0 || y < 0 || x >= m.size || y >= m.size) continue;
      const ring = Math.max(Math.abs(dx - 3), Math.abs(dy - 3));
      // Rings from the centre: 3×3 dark core, light ring, dark ring, light separator.
      expect([x, y, m.isDark(x, y)]).toEqual([x, y, ring <= 1 || ring === 3]);
    }
  }
}

/** The 15-bit format word around the top-left finder, bit 14 first (ISO/IEC 18004 figure 25). */
function readFormatCopies(m: QrMatrix): [number, number] {
  let first = 0;
  let second = 0;
  const n = m.size;
  const firstPositions: [number, number][] = [
    [8, 0],
    [8, 1],
    [8, 2],
    [8, 3],
    [8, 4],
    [8, 5],
    [8, 7],
    [8, 8],
    [7, 8],
    [5, 8],
    [4, 8],
    [3, 8],
    [2, 8],
    [1, 8],
    [0, 8],
  ];
  firstPositions.forEach(([x, y], i) => (first |= bit(m, x, y) << i));
  for (let i = 0; i < 8; i++) second |= bit(m, n - 1 - i, 8) << i;
  for (let i = 8; i < 15; i++) second |= bit(m, 8, n - 15 + i) << i;
  return [first, second];
}

/** Remainder of a bit-string polynomial modulo another (GF(2)). */
function polyMod(value: number, generator: number): number {
  const degree = 31 - Math.clz32(generator);
  for (let b = 31 - Math.clz32(value); b >= degree; b--) if ((value >>> b) & 1) value ^= generator << (b - degree);
  return value;
}

describe('symbol structure', () => {
  it.each([1, 2, 7, 14, 27, 40])('version %i has the three finders with separators, timing lines and the dark module', (version) => {
    const m = matrixOfVersion(version);
    expect(m.size).toBe(4 * version + 17);
    expectFinderAt(m, 0, 0);
    expectFinderAt(m, m.size - 7, 0);
    expectFinderAt(m, 0, m.size - 7);
    for (let i = 8; i < m.size - 8; i++) {
      expect(bit(m, i, 6)).toBe(i % 2 === 0 ? 1 : 0);
      expect(bit(m, 6, i)).toBe(i % 2 === 0 ? 1 : 0);
    }
    expect(m.isDark(8, m.size - 8)).toBe(true);
  });

  it('version 7 has alignment patterns centred on 6, 22 and 38 except at the finders', () => {
    const m = matrixOfVersion(7);
    expect(alignmentPositions(7)).toEqual([6, 22, 38]);
    for (const [cx, cy] of [
      [22, 6],
      [6, 22],
      [22, 22],
      [38, 22],
      [22, 38],
      [38, 38],
    ]) {
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) expect(m.isDark(cx + dx, cy + dy)).toBe(Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
      }
    }
  });

  it.each(['L', 'M', 'Q', 'H'] as const)('both format copies decode to level %s and the chosen mask', (ecc) => {
    const levelBits: Record<EccLevel, number> = { L: 1, M: 0, Q: 3, H: 2 };
    for (const text of ['https://qr.example/AbC12xY', '12345', 'Zoë', 'x'.repeat(300)]) {
      const m = encodeText(text, { ecc });
      const [first, second] = readFormatCopies(m);
      expect(second).toBe(first);
      const unmasked = first ^ 0x5412;
      expect(polyMod(unmasked, 0x537)).toBe(0);
      expect(unmasked >>> 13).toBe(levelBits[ecc]);
      expect((unmasked >>> 10) & 7).toBe(m.mask);
    }
  });

  it('format words match the published table (ISO/IEC 18004 annex C, all 32)', () => {
    const table: Record<EccLevel, string[]> = {
      L: [
        '111011111000100',
        '111001011110011',
        '111110110101010',
        '111100010011101',
        '110011000101111',
        '110001100011000',
        '110110001000001',
        '110100101110110',
      ],
      M: [
        '101010000010010',
        '101000100100101',
        '101111001111100',
        '101101101001011',
        '100010111111001',
        '100000011001110',
        '100111110010111',
        '100101010100000',
      ],
      Q: [
        '011010101011111',
        '011000001101000',
        '011111100110001',
        '011101000000110',
        '010010010110100',
        '010000110000011',
        '010111011011010',
        '010101111101101',
      ],
      H: [
        '001011010001001',
        '001001110111110',
        '001110011100111',
        '001100111010000',
        '000011101100010',
        '000001001010101',
        '000110100001100',
        '000100000111011',
      ],
    };
    for (const ecc of ['L', 'M', 'Q', 'H'] as const) {
      table[ecc].forEach((word, mask) => expect(formatWord(ecc, mask).toString(2).padStart(15, '0')).toBe(word));
    }
  });

  it.each([
    [7, 0x07c94],
    [8, 0x085bc],
    [21, 0x15683],
    [40, 0x28c69],
  ])('version %i carries version word %s twice', (version, word) => {
    const m = matrixOfVersion(version);
    let topRight = 0;
    let bottomLeft = 0;
    for (let i = 0; i < 18; i++) {
      topRight |= bit(m, m.size - 11 + (i % 3), Math.floor(i / 3)) << i;
      bottomLeft |= bit(m, Math.floor(i / 3), m.size - 11 + (i % 3)) << i;
    }
    expect(topRight).toBe(word);
    expect(bottomLeft).toBe(word);
    expect(polyMod(word, 0x1f25)).toBe(0);
  });

  it('versions below 7 have no version information (the area is data)', () => {
    const m = matrixOfVersion(6);
    // Data modules there vary with the content: two texts must differ somewhere in the block.
    const other = encodeText('y'.repeat(60), { minVersion: 6, maxVersion: 6 });
    let differs = false;
    for (let i = 0; i < 18; i++) differs ||= m.isDark(m.size - 11 + (i % 3), Math.floor(i / 3)) !== other.isDark(m.size - 11 + (i % 3), Math.floor(i / 3));
    expect(differs).toBe(true);
  });

  it('matches the qrcode package module for module when forced to the same version and mask', () => {
    // An independent encoder agreeing on every module checks Reed–Solomon, block interleaving,
    // placement and format/version information at every version and level at once.
    for (let version = 1; version <= 40; version++) {
      for (const ecc of ['L', 'M', 'Q', 'H'] as const) {
        // Lower-case text is one byte segment in both encoders; fill the version nearly to capacity.
        const text = 'abcdefghijklmnopqrstuvwxyz'.repeat(120).slice(0, dataCapacityBits(version, ecc) / 8 - 3);
        const ours = encodeText(text, { ecc, minVersion: version, maxVersion: version });
        const theirs = QRCode.create(text, { errorCorrectionLevel: ecc, version, maskPattern: ours.mask as QRCode.QRCodeMaskPattern });
        let differences = 0;
        for (let y = 0; y < ours.size; y++) {
          for (let x = 0; x < ours.size; x++) if (ours.isDark(x, y) !== (theirs.modules.get(y, x) === 1)) differences++;
        }
        expect([version, ecc, differences]).toEqual([version, ecc, 0]);
      }
    }
  });
});
