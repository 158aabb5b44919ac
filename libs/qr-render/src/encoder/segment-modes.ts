/**
 * The three data modes this encoder uses (Kanji is left out: it only pays off for Shift JIS
 * text, and we always write UTF-8). Values double as indexes into per-mode tables.
 */
export const MODE_BYTE = 0;
export const MODE_ALPHANUMERIC = 1;
export const MODE_NUMERIC = 2;
export const MODE_COUNT = 3;

/** The 4-bit mode indicators, indexed by mode. */
export const MODE_INDICATOR: readonly number[] = [0b0100, 0b0010, 0b0001];
/** Mode indicator of an ECI designator. */
export const ECI_INDICATOR = 0b0111;
/** ECI assignment number of UTF-8. */
export const ECI_UTF8 = 26;
/** Bits of an ECI header: 4-bit indicator plus a one-byte designator (values below 128). */
export const ECI_HEADER_BITS = 12;

/**
 * Character-count field widths by mode and version group (1–9, 10–26, 27–40),
 * ISO/IEC 18004 table 3.
 */
export const COUNT_BITS: readonly (readonly number[])[] = [
  [8, 16, 16],
  [9, 11, 13],
  [10, 12, 14],
];

/** The count-bits group of a version: 0 for 1–9, 1 for 10–26, 2 for 27–40. */
export function versionGroup(version: number): number {
  return version <= 9 ? 0 : version <= 26 ? 1 : 2;
}

/** Last version of each count-bits group. */
export const GROUP_LAST_VERSION: readonly number[] = [9, 26, 40];

const ALPHANUMERIC_CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';

/** Value of a code point in alphanumeric mode, or -1; indexed by code points below 128. */
export const ALPHANUMERIC_VALUE: Int8Array = (() => {
  const table = new Int8Array(128).fill(-1);
  for (let i = 0; i < ALPHANUMERIC_CHARSET.length; i++) table[ALPHANUMERIC_CHARSET.charCodeAt(i)] = i;
  return table;
})();

/** Whether a code point can be written in alphanumeric mode. */
export function isAlphanumeric(codePoint: number): boolean {
  return codePoint < 128 && ALPHANUMERIC_VALUE[codePoint] >= 0;
}

/** Whether a code point is an ASCII digit (numeric mode). */
export function isDigit(codePoint: number): boolean {
  return codePoint >= 0x30 && codePoint <= 0x39;
}
