import { BitWriter } from './bit-writer';
import { buildMatrix } from './build-matrix';
import type { CodePoints } from './code-points';
import { toCodePoints } from './code-points';
import { finishDataCodewords, interleaveWithErrorCorrection } from './codewords';
import type { EccLevel } from './ecc-level';
import { isEccLevel } from './ecc-level';
import { QrCapacityError } from './qr-capacity-error';
import type { QrMatrix } from './qr-matrix';
import type { SegmentPlan } from './segment-plan';
import { planSegments } from './segment-plan';
import { GROUP_LAST_VERSION, versionGroup } from './segment-modes';
import { writeSegments } from './write-segments';
import { blockLayout, dataCapacityBits, MAX_VERSION, MIN_VERSION } from './version-tables';

/** Options of {@link encodeText}. */
export interface EncodeTextOptions {
  /** Error-correction level; default 'M'. */
  ecc?: EccLevel;
  /** Smallest version to use (1–40, default 1), e.g. to keep a family of codes the same size. */
  minVersion?: number;
  /** Largest version allowed (1–40, default 40); text that needs more throws QrCapacityError. */
  maxVersion?: number;
}

/** The version chosen for a text and the segmentation that made it fit. */
interface Fit {
  readonly version: number;
  readonly group: number;
  readonly plan: SegmentPlan;
}

/**
 * Encodes text as a QR Code Model 2 symbol in the smallest version that holds it, with the
 * bit-cheapest mix of numeric, alphanumeric and byte segments. Non-ASCII text is written as UTF-8
 * after an ECI 26 designator, so decoders do not fall back to ISO-8859-1.
 *
 * @throws QrCapacityError when the text does not fit in `maxVersion` (default 40) at the level.
 * @throws RangeError for an unknown level or a version outside 1–40.
 * @example
 * const matrix = encodeText('https://qr.example/AbC12xY', { ecc: 'Q' });
 * matrix.version; // 3
 */
export function encodeText(text: string, options: EncodeTextOptions = {}): QrMatrix {
  const ecc = options.ecc ?? 'M';
  if (!isEccLevel(ecc)) throw new RangeError(`unknown error-correction level: ${String(ecc)}`);
  const minVersion = checkVersion(options.minVersion ?? MIN_VERSION, 'minVersion');
  const maxVersion = checkVersion(options.maxVersion ?? MAX_VERSION, 'maxVersion');
  if (minVersion > maxVersion) throw new RangeError(`minVersion ${minVersion} exceeds maxVersion ${maxVersion}`);
  const codePoints = toCodePoints(text);
  const fit = findFit(codePoints, ecc, minVersion, maxVersion);
  const layout = blockLayout(fit.version, ecc);
  const writer = new BitWriter(new Uint8Array(layout.dataCodewords));
  writeSegments(codePoints, fit.plan, fit.group, writer);
  finishDataCodewords(writer);
  return buildMatrix(fit.version, ecc, interleaveWithErrorCorrection(writer.bytes, layout));
}

/**
 * Whether the text fits in a QR symbol (version 40 at most) at the level — the validation
 * counterpart of {@link encodeText}'s QrCapacityError.
 *
 * @example
 * fitsInQr('x'.repeat(2953), 'L'); // true
 * fitsInQr('x'.repeat(2954), 'L'); // false
 */
export function fitsInQr(text: string, ecc: EccLevel): boolean {
  if (!isEccLevel(ecc)) throw new RangeError(`unknown error-correction level: ${String(ecc)}`);
  const plan = planSegments(toCodePoints(text), versionGroup(MAX_VERSION));
  // Versions 27–40 share one count-field width, so fitting version 40 is one comparison. A text
  // that fits a smaller version fits 40 too: the wider count fields cost at most 2 bits more per
  // segment, and version 40 holds about twice what version 26 does.
  return plan.bits <= dataCapacityBits(MAX_VERSION, ecc);
}

/** The smallest version in range whose capacity holds the text's cheapest segmentation. */
function findFit(text: CodePoints, ecc: EccLevel, minVersion: number, maxVersion: number): Fit {
  let plan: SegmentPlan | undefined;
  for (let group = versionGroup(minVersion); group <= versionGroup(maxVersion); group++) {
    // The count-field widths, and so the best segmentation, change only between groups.
    plan = planSegments(text, group);
    const last = Math.min(maxVersion, GROUP_LAST_VERSION[group]);
    for (let version = Math.max(minVersion, group === 0 ? 1 : GROUP_LAST_VERSION[group - 1] + 1); version <= last; version++) {
      if (plan.bits <= dataCapacityBits(version, ecc)) return { version, group, plan };
    }
  }
  throw new QrCapacityError(ecc, maxVersion, plan?.bits ?? 0, dataCapacityBits(maxVersion, ecc));
}

function checkVersion(version: number, name: string): number {
  if (!Number.isInteger(version) || version < MIN_VERSION || version > MAX_VERSION) {
    throw new RangeError(`${name} must be an integer from ${MIN_VERSION} to ${MAX_VERSION}, got ${version}`);
  }
  return version;
}
