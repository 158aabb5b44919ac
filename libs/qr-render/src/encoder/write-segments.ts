import type { BitWriter } from './bit-writer';
import type { CodePoints } from './code-points';
import { utf8Length } from './code-points';
import type { SegmentPlan } from './segment-plan';
import { ALPHANUMERIC_VALUE, COUNT_BITS, ECI_INDICATOR, ECI_UTF8, MODE_ALPHANUMERIC, MODE_BYTE, MODE_INDICATOR, MODE_NUMERIC } from './segment-modes';

/** Writes the planned segments (after the UTF-8 ECI designator for non-ASCII text) as a bit stream. */
export function writeSegments(text: CodePoints, plan: SegmentPlan, group: number, out: BitWriter): void {
  // ECI 26 tells the decoder the byte segments are UTF-8; without it ISO/IEC 18004 says ISO-8859-1.
  if (plan.utf8Eci) {
    out.write(ECI_INDICATOR, 4);
    out.write(ECI_UTF8, 8);
  }
  const { modes } = plan;
  for (let start = 0; start < modes.length;) {
    const mode = modes[start];
    let end = start + 1;
    while (end < modes.length && modes[end] === mode) end++;
    out.write(MODE_INDICATOR[mode], 4);
    if (mode === MODE_NUMERIC) writeNumeric(text.values, start, end, group, out);
    else if (mode === MODE_ALPHANUMERIC) writeAlphanumeric(text.values, start, end, group, out);
    else writeBytes(text.values, start, end, group, out);
    start = end;
  }
}

function writeNumeric(values: Int32Array, start: number, end: number, group: number, out: BitWriter): void {
  out.write(end - start, COUNT_BITS[MODE_NUMERIC][group]);
  for (let i = start; i < end; i += 3) {
    const digits = Math.min(3, end - i);
    let value = 0;
    for (let k = 0; k < digits; k++) value = value * 10 + (values[i + k] - 0x30);
    out.write(value, digits * 3 + 1);
  }
}

function writeAlphanumeric(values: Int32Array, start: number, end: number, group: number, out: BitWriter): void {
  out.write(end - start, COUNT_BITS[MODE_ALPHANUMERIC][group]);
  let i = start;
  for (; i + 1 < end; i += 2) out.write(ALPHANUMERIC_VALUE[values[i]] * 45 + ALPHANUMERIC_VALUE[values[i + 1]], 11);
  if (i < end) out.write(ALPHANUMERIC_VALUE[values[i]], 6);
}

function writeBytes(values: Int32Array, start: number, end: number, group: number, out: BitWriter): void {
  let bytes = 0;
  for (let i = start; i < end; i++) bytes += utf8Length(values[i]);
  out.write(bytes, COUNT_BITS[MODE_BYTE][group]);
  for (let i = start; i < end; i++) {
    const c = values[i];
    if (c < 0x80) {
      out.writeByte(c);
    } else if (c < 0x800) {
      out.writeByte(0xc0 | (c >>> 6));
      out.writeByte(0x80 | (c & 0x3f));
    } else if (c < 0x10000) {
      out.writeByte(0xe0 | (c >>> 12));
      out.writeByte(0x80 | ((c >>> 6) & 0x3f));
      out.writeByte(0x80 | (c & 0x3f));
    } else {
      out.writeByte(0xf0 | (c >>> 18));
      out.writeByte(0x80 | ((c >>> 12) & 0x3f));
      out.writeByte(0x80 | ((c >>> 6) & 0x3f));
      out.writeByte(0x80 | (c & 0x3f));
    }
  }
}
