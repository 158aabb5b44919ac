import { GF_EXP, GF_LOG, gfMultiply } from './gf256';

/**
 * Generator polynomials (x - α^0)(x - α^1)…(x - α^(d-1)) by degree, stored as the logarithms of
 * their coefficients (leading 1 omitted, highest power first). Only about a dozen degrees occur
 * (7–30), so each is computed once and reused for every symbol.
 */
const generatorLogs = new Map<number, Uint8Array>();

function generatorLog(degree: number): Uint8Array {
  const cached = generatorLogs.get(degree);
  if (cached) return cached;
  const coefficients = new Uint8Array(degree);
  coefficients[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    // Multiply the running product by (x - root); in GF(2^8) minus is xor.
    for (let j = 0; j < degree; j++) {
      coefficients[j] = gfMultiply(coefficients[j], root);
      if (j + 1 < degree) coefficients[j] ^= coefficients[j + 1];
    }
    root = gfMultiply(root, 2);
  }
  // Generator coefficients are never zero, so every one has a logarithm.
  const logs = coefficients.map((c) => GF_LOG[c]);
  generatorLogs.set(degree, logs);
  return logs;
}

/**
 * Writes the `degree` Reed–Solomon error-correction codewords of `data[start, start + length)`
 * into `out[outStart, outStart + degree)` (the remainder of data·x^degree divided by the generator).
 */
export function reedSolomonRemainder(data: Uint8Array, start: number, length: number, degree: number, out: Uint8Array, outStart: number): void {
  const generator = generatorLog(degree);
  const last = outStart + degree - 1;
  out.fill(0, outStart, last + 1);
  for (let k = start; k < start + length; k++) {
    const factor = data[k] ^ out[outStart];
    if (factor === 0) {
      out.copyWithin(outStart, outStart + 1, last + 1);
      out[last] = 0;
      continue;
    }
    const logFactor = GF_LOG[factor];
    for (let i = 0; i < degree - 1; i++) {
      out[outStart + i] = out[outStart + i + 1] ^ GF_EXP[generator[i] + logFactor];
    }
    out[last] = GF_EXP[generator[degree - 1] + logFactor];
  }
}
