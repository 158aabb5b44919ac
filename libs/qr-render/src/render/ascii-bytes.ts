/** Scratch buffer for building ASCII output: rendering is synchronous, so one caller at a time uses it. */
let scratch = Buffer.allocUnsafe(16 * 1024);

/**
 * A buffer of at least `maxLength` bytes to write ASCII into (shared; valid until the next call).
 * Writing digits straight into bytes and making one string at the end is several times faster
 * than `String(n)` and concatenation for each of the thousands of numbers in a large path.
 */
export function asciiScratch(maxLength: number): Buffer {
  if (scratch.length < maxLength) scratch = Buffer.allocUnsafe(maxLength);
  return scratch;
}

/** Writes an integer in decimal (leading '-' when negative) at `at`; returns the position after it. */
export function writeInt(bytes: Uint8Array, at: number, value: number): number {
  if (value < 0) {
    bytes[at++] = 0x2d;
    value = -value;
  }
  const end = at + decimalLength(value);
  // Digits go in backwards from the end of the number's slot.
  for (let i = end - 1; i >= at; i--) {
    bytes[i] = 0x30 + (value % 10);
    value = (value / 10) | 0;
  }
  return end;
}

/** Characters of an integer in decimal, sign included. */
export function decimalLength(value: number): number {
  if (value < 0) return 1 + decimalLength(-value);
  return value < 10 ? 1 : value < 100 ? 2 : value < 1000 ? 3 : String(value).length;
}
