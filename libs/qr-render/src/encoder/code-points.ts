/** A string as Unicode scalar values, the unit the segment planner works in. */
export interface CodePoints {
  readonly values: Int32Array;
  readonly length: number;
  /** True when every value is below 0x80: such text needs no ECI designator. */
  readonly ascii: boolean;
}

/** The replacement character: what UTF-8 encoders (TextEncoder, Buffer) write for a lone surrogate. */
const REPLACEMENT_CHARACTER = 0xfffd;

/**
 * Splits a string into code points without allocating a string per character (unlike `for…of`).
 * Lone surrogates cannot be written as UTF-8 and become U+FFFD, exactly as TextEncoder does.
 */
export function toCodePoints(text: string): CodePoints {
  const values = new Int32Array(text.length);
  let length = 0;
  let ascii = true;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        i++;
      } else {
        c = REPLACEMENT_CHARACTER;
      }
    }
    if (c >= 0x80) ascii = false;
    values[length++] = c;
  }
  return { values, length, ascii };
}

/** Bytes the code point takes in UTF-8. */
export function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  return codePoint < 0x10000 ? 3 : 4;
}
