/*
 * Types for the parts of the `qrcode` package's internals the encoder oracle reads (qrcode 1.5,
 * lib/core). They are not its public API, so a major upgrade of `qrcode` may move them; the
 * oracle's tests then fail to load rather than pass silently.
 */
declare module 'qrcode/lib/core/utils' {
  /** Data plus error-correction codewords of a version. */
  export function getSymbolTotalCodewords(version: number): number;
}

declare module 'qrcode/lib/core/error-correction-level' {
  import type { ErrorCorrectionLevel } from 'qrcode';
  export const L: ErrorCorrectionLevel;
  export const M: ErrorCorrectionLevel;
  export const Q: ErrorCorrectionLevel;
  export const H: ErrorCorrectionLevel;
}

declare module 'qrcode/lib/core/error-correction-code' {
  import type { ErrorCorrectionLevel } from 'qrcode';
  export function getBlocksCount(version: number, level: ErrorCorrectionLevel): number;
  export function getTotalCodewordsCount(version: number, level: ErrorCorrectionLevel): number;
}

declare module 'qrcode/lib/core/reed-solomon-encoder' {
  /** Error-correction codewords of one block: the remainder of data × x^degree by the generator. */
  export default class ReedSolomonEncoder {
    constructor(degree: number);
    encode(data: Uint8Array): Uint8Array;
  }
}

declare module 'qrcode/lib/core/bit-matrix' {
  import type { BitMatrix as QrBitMatrix } from 'qrcode';
  const BitMatrix: new (size: number) => QrBitMatrix;
  export default BitMatrix;
}

declare module 'qrcode/lib/core/mask-pattern' {
  import type { BitMatrix } from 'qrcode';
  /** XORs mask `pattern` onto every module of `data` that is not reserved (function patterns, format). */
  export function applyMask(pattern: number, data: BitMatrix): void;
  export function getPenaltyN1(data: BitMatrix): number;
  export function getPenaltyN2(data: BitMatrix): number;
  export function getPenaltyN3(data: BitMatrix): number;
  export function getPenaltyN4(data: BitMatrix): number;
}

declare module 'qrcode/lib/core/mode' {
  import type { Mode } from 'qrcode';
  export const NUMERIC: Mode<'Numeric'>;
  export const ALPHANUMERIC: Mode<'Alphanumeric'>;
  export const BYTE: Mode<'Byte'>;
  export function getCharCountIndicator(mode: Mode, version: number): number;
}

declare module 'qrcode/lib/core/version' {
  import type { ErrorCorrectionLevel, Mode } from 'qrcode';
  /** Characters of one mode that fit a version at a level (ISO/IEC 18004 table 7). */
  export function getCapacity(version: number, level: ErrorCorrectionLevel, mode: Mode): number;
}
