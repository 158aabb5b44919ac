import { GF_EXP, GF_LOG, gfMultiply } from './gf256';
import { reedSolomonRemainder } from './reed-solomon';

describe('GF(256)', () => {
  it('has α of order 255 and consistent log/antilog tables', () => {
    expect(GF_EXP[0]).toBe(1);
    expect(GF_EXP[255]).toBe(1);
    expect(new Set(GF_EXP.subarray(0, 255)).size).toBe(255);
    for (let a = 1; a < 256; a++) expect(GF_EXP[GF_LOG[a]]).toBe(a);
  });

  it('multiplies with the 0x11d reduction', () => {
    expect(gfMultiply(0x80, 2)).toBe(0x1d);
    expect(gfMultiply(0, 7)).toBe(0);
    expect(gfMultiply(0x53, 0xca)).toBe(gfMultiply(0xca, 0x53));
  });
});

describe('reedSolomonRemainder', () => {
  it('reproduces the worked example "HELLO WORLD" 1-M (16 data, 10 error-correction codewords)', () => {
    const data = Uint8Array.of(32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17);
    const out = new Uint8Array(10);
    reedSolomonRemainder(data, 0, data.length, 10, out, 0);
    expect([...out]).toEqual([196, 35, 39, 119, 235, 215, 231, 226, 93, 23]);
  });

  it('gives a codeword that every generator root annihilates', () => {
    const data = Uint8Array.from({ length: 40 }, (_, i) => (i * 73 + 11) & 0xff);
    for (const degree of [7, 10, 13, 17, 22, 26, 30]) {
      const ecc = new Uint8Array(degree + 3);
      reedSolomonRemainder(data, 5, 30, degree, ecc, 3);
      const codeword = [...data.subarray(5, 35), ...ecc.subarray(3)];
      for (let root = 0; root < degree; root++) {
        // Horner evaluation of the codeword polynomial at α^root.
        const value = codeword.reduce((acc, c) => gfMultiply(acc, GF_EXP[root]) ^ c, 0);
        expect(value).toBe(0);
      }
    }
  });
});
