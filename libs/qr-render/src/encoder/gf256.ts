/**
 * Arithmetic in GF(2^8) with the QR reducing polynomial x^8 + x^4 + x^3 + x^2 + 1 (0x11d).
 * Multiplication goes through log/antilog tables built once at load: the Reed–Solomon inner
 * loop then costs two lookups and an add instead of a shift-and-xor loop.
 */

/** EXP[i] = α^i; doubled to 512 entries so EXP[LOG[a] + LOG[b]] never needs a `% 255`. */
export const GF_EXP = new Uint8Array(512);
/** LOG[α^i] = i; LOG[0] is unused (zero has no logarithm, callers test for it). */
export const GF_LOG = new Uint8Array(256);

(function buildTables(): void {
  let x = 1;
  for (let i = 0; i < 255; i++) {
    GF_EXP[i] = x;
    GF_LOG[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= 0x11d;
  }
  for (let i = 255; i < 512; i++) GF_EXP[i] = GF_EXP[i - 255];
})();

/** Product of two field elements. */
export function gfMultiply(a: number, b: number): number {
  return a === 0 || b === 0 ? 0 : GF_EXP[GF_LOG[a] + GF_LOG[b]];
}
