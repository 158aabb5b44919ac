import type { EccLevel } from './ecc-level';
import { ECC_FORMAT_BITS } from './ecc-level';

/** Generator of the BCH(15,5) format code, x^10 + x^8 + x^5 + x^4 + x^2 + x + 1. */
const FORMAT_GENERATOR = 0x537;
/** XOR applied to the format code so that it is never all zero (ISO/IEC 18004 7.9.1). */
const FORMAT_MASK = 0x5412;
/** Generator of the BCH(18,6) version code, x^12 + x^11 + x^10 + x^9 + x^8 + x^5 + x^2 + 1. */
const VERSION_GENERATOR = 0x1f25;

/** Remainder of `data · x^degree` modulo the generator polynomial (both as bit strings). */
function bchRemainder(data: number, degree: number, generator: number): number {
  let rem = data << degree;
  for (let bit = 30; bit >= degree; bit--) if ((rem >>> bit) & 1) rem ^= generator << (bit - degree);
  return rem;
}

// All 32 format words, so drawing one per mask candidate is a lookup.
const FORMAT_WORDS = Array.from({ length: 32 }, (_, data) => ((data << 10) | bchRemainder(data, 10, FORMAT_GENERATOR)) ^ FORMAT_MASK);

/** The 15-bit format word for a level and mask: 2 level bits, 3 mask bits, 10 BCH bits, masked with 0x5412. */
export function formatWord(ecc: EccLevel, mask: number): number {
  return FORMAT_WORDS[(ECC_FORMAT_BITS[ecc] << 3) | mask];
}

/** The 18-bit version word (6 version bits, 12 BCH bits) that versions 7 and up carry twice. */
export function versionWord(version: number): number {
  return (version << 12) | bchRemainder(version, 12, VERSION_GENERATOR);
}
