import * as Modes from 'qrcode/lib/core/mode';
import { getCapacity } from 'qrcode/lib/core/version';
import { compareWithReference, referenceVersion } from '../testing/compare-with-qrcode';
import { ALPHANUMERIC_CHARS, BYTE_CHARS, LEVELS, NUMERIC_CHARS, randomText, seededRandom } from '../testing/oracle-inputs';
import { referenceLevel, referenceSymbol } from '../testing/qrcode-reference';
import { encodeText, fitsInQr } from './encode-text';

/*
 * The encoder oracle at every version boundary (the rest is in qrcode-oracle.spec.ts): for each
 * mode, level and version, the longest text qrcode's capacity table says fits, and one character
 * more. Both encoders must pick that version (and the next), and the symbols must agree module for
 * module; past version 40 both must refuse.
 */

const MODES = [
  { name: 'numeric', chars: NUMERIC_CHARS, mode: Modes.NUMERIC },
  { name: 'alphanumeric', chars: ALPHANUMERIC_CHARS, mode: Modes.ALPHANUMERIC },
  { name: 'byte', chars: BYTE_CHARS, mode: Modes.BYTE },
] as const;

describe('encoder oracle: the qrcode package, at version boundaries', () => {
  describe.each(MODES)('$name text at every version boundary', ({ name, chars, mode }) => {
    it.each(LEVELS)('level %s: the largest text of each version 1–40 and one character more', (ecc) => {
      const random = seededRandom(name.length * 100 + LEVELS.indexOf(ecc));
      const problems: string[] = [];
      for (let version = 1; version <= 40; version++) {
        const capacity = getCapacity(version, referenceLevel(ecc), mode);
        const fits = randomText(random, chars, capacity);
        const over = fits + randomText(random, chars, 1);
        for (const [text, expected] of [
          [fits, version],
          [over, version + 1],
        ] as const) {
          if (expected > 40) {
            if (fitsInQr(text, ecc)) problems.push(`${capacity + 1} ${name} characters fit version 40-${ecc}`);
            expect(() => referenceSymbol(text, ecc)).toThrow(/too big/);
            continue;
          }
          const ours = encodeText(text, { ecc });
          const theirVersion = referenceVersion(text, ecc);
          if (ours.version !== expected || theirVersion !== expected)
            problems.push(`${text.length} ${name} at ${ecc}: ours version ${ours.version}, qrcode ${theirVersion}, expected ${expected}`);
          problems.push(...compareWithReference(text, ours));
        }
      }
      expect(problems).toEqual([]);
    });
  });
});
