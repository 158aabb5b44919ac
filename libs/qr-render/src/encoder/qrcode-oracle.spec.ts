import { asQrcodeInput, compareWithReference, ourSegments, referenceAt, referenceVersion } from '../testing/compare-with-qrcode';
import { isAscii, LEVELS, mixedCases } from '../testing/oracle-inputs';
import { differingModules, isoMaskChoice, referenceSymbol, segmentBits } from '../testing/qrcode-reference';
import { SAMPLE_TEXTS } from '../testing/sample-texts';
import { encodeText, fitsInQr } from './encode-text';

/*
 * The encoder oracle: our hand-written encoder against the `qrcode` package, symbol by symbol, over
 * a few thousand generated inputs (with qrcode-oracle.boundaries.spec.ts). Where the two are given the same segments, version, level and mask
 * they must agree on every module. Three differences are intended, and each is checked to be
 * exactly what we say it is rather than tolerated:
 *
 * 1. ECI. Non-ASCII text is UTF-8 behind an ECI 26 designator in our symbols; qrcode writes the
 *    same UTF-8 bytes with no designator. Read back with qrcode's own structure, our data stream is
 *    that 12-bit header followed by qrcode's stream, and both carry valid Reed–Solomon codewords.
 * 2. Segmentation. Ours is bit-optimal (dynamic programming per character); qrcode's graph search
 *    over regex runs sometimes costs more bits. Ours never costs more, and never needs a larger version.
 * 3. Mask choice. Not part of the comparison above (the mask is given), but checked on its own:
 *    where qrcode picks another mask, it would pick ours if its finder-like rule (N3) counted the
 *    light quiet zone and its dark-share rule (N4) rounded as ISO/IEC 18004 does.
 */

describe('encoder oracle: the qrcode package, on generated texts', () => {
  it('agrees module for module on 1,500 mixed ASCII texts given our segments, version and mask', () => {
    const problems = mixedCases(1500, 19, false).flatMap(({ text, ecc }) => compareWithReference(text, encodeText(text, { ecc })));
    expect(problems).toEqual([]);
  });

  it('on 500 texts with non-ASCII characters, differs only by the ECI 26 header qrcode does not write', () => {
    const samples = Object.values(SAMPLE_TEXTS).flatMap((text) => LEVELS.map((ecc) => ({ text, ecc })));
    const cases = [...mixedCases(500, 26, true), ...samples.filter(({ text, ecc }) => !isAscii(text) && fitsInQr(text, ecc))];
    const problems = cases.flatMap(({ text, ecc }) => compareWithReference(text, encodeText(text, { ecc })));
    expect(problems).toEqual([]);
  });

  it('never segments in more bits or a larger version than qrcode does; equal segments give equal symbols', () => {
    let sameSegments = 0;
    let otherSegments = 0;
    const problems: string[] = [];
    for (const { text, ecc } of mixedCases(600, 40, false)) {
      const ours = encodeText(text, { ecc });
      const ourInput = asQrcodeInput(ourSegments(text, ours.version));
      const ourBits = segmentBits(referenceSymbol(ourInput, ecc, ours.version, ours.mask));
      const theirVersion = referenceVersion(text, ecc);
      if (theirVersion < ours.version) problems.push(`${JSON.stringify(text)} at ${ecc}: qrcode fits version ${theirVersion}, we need ${ours.version}`);
      const theirs = referenceAt(text, ecc, ours.version, ours.mask);
      const theirBits = theirs ? segmentBits(theirs) : Infinity;
      const key = (mode: string, data: string | Uint8Array) => `${mode.toLowerCase()}:${Buffer.from(data).toString('hex')}`;
      const same =
        theirs !== null &&
        theirs.segments.map((s) => key(s.mode.id, s.data)).join() ===
          ourSegments(text, ours.version)
            .map((s) => key(s.mode, s.data))
            .join();
      if (same) {
        sameSegments++;
        if (differingModules(ours, theirs.modules).length) problems.push(`${JSON.stringify(text)}: same segments, different symbol`);
      } else {
        otherSegments++;
        if (theirBits < ourBits) problems.push(`${JSON.stringify(text)} at ${ecc}: qrcode needs ${theirBits} bits, we need ${ourBits}`);
      }
    }
    expect(problems).toEqual([]);
    // Both branches ran: most texts segment the same way, some differently at no lower cost.
    expect(sameSegments).toBeGreaterThan(400);
    expect(otherSegments).toBeGreaterThan(0);
  });

  it('segments a text one bit cheaper than qrcode where splitting off an alphanumeric run does not pay', () => {
    // Found by the sample above with a larger count: qrcode writes ".WNN1" alphanumeric (41 bits)
    // and the rest as bytes (108); one byte segment is 148 bits.
    const text = '.WNN1fl^!v@`{jira';
    const ours = encodeText(text, { ecc: 'Q' });
    const theirs = referenceSymbol(text, 'Q', ours.version, ours.mask);
    expect(theirs.segments.map((s) => s.mode.id)).toEqual(['Alphanumeric', 'Byte']);
    expect(segmentBits(theirs)).toBe(149);
    expect(ourSegments(text, ours.version)).toEqual([{ mode: 'byte', data: text }]);
    expect(segmentBits(referenceSymbol(asQrcodeInput(ourSegments(text, ours.version)), 'Q', ours.version, ours.mask))).toBe(148);
  });

  it('where qrcode picks another mask, it is because of its N3 and N4 rules: with ISO ones it picks ours', () => {
    let differentMask = 0;
    const problems: string[] = [];
    // Eight qrcode symbols per input: a smaller sample, versions up to about 15.
    for (const { text, ecc } of mixedCases(300, 7, false).filter((c) => c.text.length < 400)) {
      const ours = encodeText(text, { ecc });
      const segments = asQrcodeInput(ourSegments(text, ours.version));
      if (referenceSymbol(segments, ecc, ours.version).maskPattern !== ours.mask) differentMask++;
      const iso = isoMaskChoice(segments, ecc, ours.version);
      if (iso !== ours.mask) problems.push(`${JSON.stringify(text)} at ${ecc}: ISO penalties choose mask ${iso}, we chose ${ours.mask}`);
    }
    expect(problems).toEqual([]);
    expect(differentMask).toBeGreaterThan(0);
  });
});
