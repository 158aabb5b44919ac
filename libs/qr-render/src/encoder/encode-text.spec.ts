import type { EccLevel } from '../index';
import { encodeText, fitsInQr, QrCapacityError } from '../index';
import { dataCapacityBits } from './version-tables';

const LEVELS: EccLevel[] = ['L', 'M', 'Q', 'H'];
const digits = (n: number): string => '1234567890'.repeat(Math.ceil(n / 10)).slice(0, n);
const alnum = (n: number): string => 'ABCDEFGHIJ'.repeat(Math.ceil(n / 10)).slice(0, n);
const bytes = (n: number): string => 'abcdefghij'.repeat(Math.ceil(n / 10)).slice(0, n);

/** ISO/IEC 18004 table 7: characters per mode that versions 1 and 40 hold, by level. */
const CAPACITY: Record<EccLevel, { v1: [number, number, number]; v40: [number, number, number] }> = {
  L: { v1: [41, 25, 17], v40: [7089, 4296, 2953] },
  M: { v1: [34, 20, 14], v40: [5596, 3391, 2331] },
  Q: { v1: [27, 16, 11], v40: [3993, 2420, 1663] },
  H: { v1: [17, 10, 7], v40: [3057, 1852, 1273] },
};
const MAKERS = [digits, alnum, bytes];
const MODES: [string, number][] = [
  ['numeric', 0],
  ['alphanumeric', 1],
  ['byte', 2],
];

describe('encodeText version selection', () => {
  describe.each(LEVELS)('level %s', (ecc) => {
    it.each(MODES)('fills version 1 with the largest %s input', (_name, mode) => {
      const largest = CAPACITY[ecc].v1[mode];
      expect(encodeText(MAKERS[mode](largest), { ecc }).version).toBe(1);
      expect(encodeText(MAKERS[mode](largest + 1), { ecc }).version).toBe(2);
    });

    it.each(MODES)('fills version 40 with the largest %s input and rejects one character more', (_name, mode) => {
      const largest = CAPACITY[ecc].v40[mode];
      const fits = MAKERS[mode](largest);
      const tooLong = MAKERS[mode](largest + 1);
      expect(encodeText(fits, { ecc }).version).toBe(40);
      expect(fitsInQr(fits, ecc)).toBe(true);
      expect(fitsInQr(tooLong, ecc)).toBe(false);
      expect(() => encodeText(tooLong, { ecc })).toThrow(QrCapacityError);
    });
  });

  it('crosses the count-field width changes at versions 10 and 27 (byte mode, level L)', () => {
    // Version 9-L holds 230 bytes with an 8-bit count; version 10 needs a 16-bit count.
    expect(encodeText(bytes(230), { ecc: 'L' }).version).toBe(9);
    expect(encodeText(bytes(231), { ecc: 'L' }).version).toBe(10);
    expect(encodeText(bytes(1367), { ecc: 'L' }).version).toBe(26);
    expect(encodeText(bytes(1368), { ecc: 'L' }).version).toBe(27);
  });

  it('has the same capacity table as the qrcode package for every version, level and mode', () => {
    // qrcode's internal table (not part of its typed API): an independent transcription of ISO table 7.
    const { getCapacity } = jest.requireActual<{ getCapacity: (v: number, ecl: object, mode: object) => number }>('qrcode/lib/core/version');
    const levels = jest.requireActual<Record<EccLevel, object>>('qrcode/lib/core/error-correction-level');
    const modes = jest.requireActual<Record<'NUMERIC' | 'ALPHANUMERIC' | 'BYTE', object>>('qrcode/lib/core/mode');
    for (const ecc of LEVELS) {
      for (let version = 1; version <= 40; version++) {
        const bits = dataCapacityBits(version, ecc);
        const group = version <= 9 ? 0 : version <= 26 ? 1 : 2;
        const numericBits = bits - 4 - [10, 12, 14][group];
        const ours = {
          NUMERIC: Math.floor(numericBits / 10) * 3 + (numericBits % 10 >= 7 ? 2 : numericBits % 10 >= 4 ? 1 : 0),
          ALPHANUMERIC: Math.floor((bits - 4 - [9, 11, 13][group]) / 11) * 2 + ((bits - 4 - [9, 11, 13][group]) % 11 >= 6 ? 1 : 0),
          BYTE: Math.floor((bits - 4 - [8, 16, 16][group]) / 8),
        };
        for (const mode of ['NUMERIC', 'ALPHANUMERIC', 'BYTE'] as const) {
          expect([version, ecc, mode, ours[mode]]).toEqual([version, ecc, mode, getCapacity(version, levels[ecc], modes[mode])]);
        }
      }
    }
  });

  it('counts non-ASCII text in UTF-8 bytes plus the ECI header', () => {
    // 1-L holds 152 data bits: 17 ASCII bytes (4 + 8 + 136 = 148), but only 16 UTF-8 bytes
    // once the 12-bit ECI comes first (12 + 4 + 8 + 128 = 152). "é" is two bytes.
    expect(encodeText('é'.repeat(8), { ecc: 'L' }).version).toBe(1);
    expect(encodeText('é'.repeat(9), { ecc: 'L' }).version).toBe(2);
  });

  it('defaults to level M and reports version, level and mask', () => {
    const m = encodeText('https://qr.example/AbC12xY');
    expect(m).toMatchObject({ ecc: 'M', version: 2, size: 25 });
    expect(m.mask).toBeGreaterThanOrEqual(0);
    expect(m.mask).toBeLessThan(8);
  });

  it('honours minVersion and maxVersion', () => {
    expect(encodeText('hi', { minVersion: 5 }).version).toBe(5);
    expect(encodeText(bytes(20), { ecc: 'L', maxVersion: 2 }).version).toBe(2);
    expect(() => encodeText(bytes(40), { ecc: 'L', maxVersion: 2 })).toThrow(QrCapacityError);
  });

  it('describes the shortfall in the capacity error', () => {
    const error = (() => {
      try {
        encodeText(bytes(2954), { ecc: 'L' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(QrCapacityError);
    expect(error).toMatchObject({ name: 'QrCapacityError', ecc: 'L', maxVersion: 40, availableBits: 2956 * 8 });
  });

  it('rejects unknown levels and versions outside 1–40', () => {
    expect(() => encodeText('x', { ecc: 'X' as EccLevel })).toThrow(RangeError);
    expect(() => fitsInQr('x', 'X' as EccLevel)).toThrow(RangeError);
    expect(() => encodeText('x', { minVersion: 0 })).toThrow(RangeError);
    expect(() => encodeText('x', { maxVersion: 41 })).toThrow(RangeError);
    expect(() => encodeText('x', { minVersion: 3, maxVersion: 2 })).toThrow(RangeError);
    expect(() => encodeText('x', { minVersion: 1.5 })).toThrow(RangeError);
  });

  it('encodes the empty string and lone surrogates (as U+FFFD, like TextEncoder)', () => {
    expect(encodeText('').version).toBe(1);
    expect(encodeText('a\ud800b').version).toBe(1);
  });
});
