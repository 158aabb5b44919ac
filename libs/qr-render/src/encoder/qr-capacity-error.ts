import type { EccLevel } from './ecc-level';

/** The text does not fit in the largest allowed version (40 unless capped) at the requested level. */
export class QrCapacityError extends Error {
  override readonly name = 'QrCapacityError';

  constructor(
    readonly ecc: EccLevel,
    readonly maxVersion: number,
    /** Bits the cheapest segmentation needs, against the bits the version holds. */
    readonly neededBits: number,
    readonly availableBits: number,
  ) {
    super(`data needs ${neededBits} bits, but version ${maxVersion}-${ecc} holds ${availableBits}`);
  }
}
