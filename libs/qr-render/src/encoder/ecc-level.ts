/** Error-correction level: recovers roughly 7 % (L), 15 % (M), 25 % (Q) or 30 % (H) of the codewords. */
export type EccLevel = 'L' | 'M' | 'Q' | 'H';

/** Row index of a level in the capacity tables. */
export const ECC_ORDINAL: Readonly<Record<EccLevel, number>> = { L: 0, M: 1, Q: 2, H: 3 };

/** The two format-information bits of a level (ISO/IEC 18004 table 12: not in strength order). */
export const ECC_FORMAT_BITS: Readonly<Record<EccLevel, number>> = { L: 1, M: 0, Q: 3, H: 2 };

/** Whether a value (e.g. a query parameter) is one of the four levels. */
export function isEccLevel(value: unknown): value is EccLevel {
  return value === 'L' || value === 'M' || value === 'Q' || value === 'H';
}
