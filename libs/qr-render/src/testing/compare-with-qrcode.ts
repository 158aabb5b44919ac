import type { QRCodeSegment } from 'qrcode';
import { toCodePoints } from '../encoder/code-points';
import type { EccLevel } from '../encoder/ecc-level';
import type { QrMatrix } from '../encoder/qr-matrix';
import { planSegments } from '../encoder/segment-plan';
import { MODE_ALPHANUMERIC, MODE_NUMERIC, versionGroup } from '../encoder/segment-modes';
import { isAscii } from './oracle-inputs';
import { differingModules, isReservedModule, readSymbol, referenceSymbol, segmentBits } from './qrcode-reference';

/*
 * How the encoder oracle compares one of our symbols with qrcode's: given our segments, version,
 * level and mask, an ASCII text must give the same symbol, and a non-ASCII one the same symbol
 * except for the ECI 26 header qrcode does not write (checked by reading both back).
 */

export type Segment = { mode: 'numeric' | 'alphanumeric' | 'byte'; data: string };

/** Our encoder's segmentation of a text for a version, as qrcode input segments. */
export function ourSegments(text: string, version: number): Segment[] {
  const points = toCodePoints(text);
  const { modes } = planSegments(points, versionGroup(version));
  const segments: Segment[] = [];
  for (let start = 0; start < modes.length;) {
    let end = start + 1;
    while (end < modes.length && modes[end] === modes[start]) end++;
    const data = String.fromCodePoint(...points.values.subarray(start, end));
    segments.push({ mode: modes[start] === MODE_NUMERIC ? 'numeric' : modes[start] === MODE_ALPHANUMERIC ? 'alphanumeric' : 'byte', data });
    start = end;
  }
  return segments;
}

/** qrcode's typings want bytes for byte segments; it encodes strings as UTF-8 itself, we do it here. */
export const asQrcodeInput = (segments: Segment[]): QRCodeSegment[] =>
  segments.map((s) => (s.mode === 'byte' ? { mode: 'byte', data: Buffer.from(s.data, 'utf8') } : s) as QRCodeSegment);

/** Mode indicator 0111 (ECI) and designator 26 (UTF-8) in one byte, as our encoder writes them. */
export const ECI_UTF8_HEADER = '0111' + '00011010';

/**
 * Compares our symbol with qrcode's for our segments, version and mask. ASCII: identical.
 * Non-ASCII: function patterns and format/version information identical, and the data stream our
 * ECI header plus qrcode's, with valid error correction in both. Returns a description of every
 * unexplained difference (empty when none).
 */
export function compareWithReference(text: string, ours: QrMatrix): string[] {
  const segments = asQrcodeInput(ourSegments(text, ours.version));
  const theirs = referenceSymbol(segments, ours.ecc, ours.version, ours.mask);
  const label = `${JSON.stringify(text.slice(0, 40))}… (${text.length} chars, version ${ours.version}-${ours.ecc}, mask ${ours.mask})`;
  const differences = differingModules(ours, theirs.modules);
  if (isAscii(text)) return differences.length ? [`${label}: ${differences.length} modules differ`] : [];

  const problems: string[] = [];
  const reserved = differences.filter(([x, y]) => isReservedModule(theirs.modules, x, y));
  if (reserved.length) problems.push(`${label}: ${reserved.length} function or format modules differ`);
  const ourRead = readSymbol((x, y) => ours.isDark(x, y), theirs);
  const theirRead = readSymbol((x, y) => theirs.modules.get(y, x) === 1, theirs);
  if (!ourRead.errorCorrectionValid) problems.push(`${label}: our Reed–Solomon codewords are not qrcode's`);
  if (!theirRead.errorCorrectionValid) problems.push(`${label}: the reader misreads qrcode's own symbol`);
  const bits = segmentBits(theirs);
  if (ourRead.dataBits.slice(0, 12) !== ECI_UTF8_HEADER) problems.push(`${label}: no ECI 26 header`);
  if (ourRead.dataBits.slice(12, 12 + bits) !== theirRead.dataBits.slice(0, bits)) problems.push(`${label}: the data after the ECI header is not qrcode's`);
  return problems;
}

/** The version qrcode picks for a text with its own segmentation (mask fixed: the search is slow and irrelevant here). */
export const referenceVersion = (text: string, ecc: EccLevel) => referenceSymbol(text, ecc, undefined, 0).version;

/** qrcode's symbol with its own segmentation at a version, or null when that segmentation does not fit it. */
export function referenceAt(text: string, ecc: EccLevel, version: number, mask: number) {
  try {
    return referenceSymbol(text, ecc, version, mask);
  } catch {
    return null;
  }
}
