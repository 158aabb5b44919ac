/** Appends big-endian bit fields to a zero-filled byte array (the data codewords of a symbol). */
export class BitWriter {
  /** Bits written so far. */
  length = 0;

  constructor(readonly bytes: Uint8Array) {}

  /** Appends the low `count` bits of `value` (count ≤ 24), most significant first. */
  write(value: number, count: number): void {
    let pos = this.length;
    for (let i = count - 1; i >= 0; i--, pos++) {
      // The array starts zeroed, so only the one bits need storing.
      if ((value >>> i) & 1) this.bytes[pos >>> 3] |= 0x80 >>> (pos & 7);
    }
    this.length = pos;
  }

  /** Appends one whole byte: the hot path of byte-mode segments, two stores instead of eight. */
  writeByte(value: number): void {
    const pos = this.length;
    const index = pos >>> 3;
    const shift = pos & 7;
    if (shift === 0) {
      this.bytes[index] = value;
    } else {
      this.bytes[index] |= value >>> shift;
      // Nothing was written past `pos` yet, so a plain store is enough.
      this.bytes[index + 1] = (value << (8 - shift)) & 0xff;
    }
    this.length = pos + 8;
  }
}
