import { toCodePoints } from './code-points';
import { MODE_ALPHANUMERIC, MODE_BYTE, MODE_NUMERIC } from './segment-modes';
import { payloadBits, planSegments } from './segment-plan';

/** Segments as [mode, text] pairs, for readable expectations. */
function segmentsOf(text: string, group = 0): [number, string][] {
  const codePoints = toCodePoints(text);
  const { modes } = planSegments(codePoints, group);
  const chars = [...text];
  const out: [number, string][] = [];
  modes.forEach((mode, i) => {
    const last = out[out.length - 1];
    if (last && last[0] === mode) last[1] += chars[i];
    else out.push([mode, chars[i]]);
  });
  return out;
}

/**
 * Cost of the cheapest segmentation, exactly: best[i] = min over every last segment [j, i) and
 * every mode that can hold it. Quadratic, independent of the planner's sixth-of-a-bit estimates.
 */
function exactOptimumBits(text: string, group: number): number {
  const chars = [...text];
  const countBits = [
    [8, 16, 16],
    [9, 11, 13],
    [10, 12, 14],
  ];
  const fits = [/^.*$/su, /^[0-9A-Z $%*+\-./:]*$/, /^[0-9]*$/];
  const best = [0];
  for (let i = 1; i <= chars.length; i++) {
    best[i] = Infinity;
    for (let j = 0; j < i; j++) {
      const piece = chars.slice(j, i).join('');
      for (const mode of [MODE_BYTE, MODE_ALPHANUMERIC, MODE_NUMERIC]) {
        if (!fits[mode].test(piece)) continue;
        const bits = 4 + countBits[mode][group] + payloadBits(mode, i - j, Buffer.byteLength(piece));
        best[i] = Math.min(best[i], best[j] + bits);
      }
    }
  }
  return best[chars.length] + (Buffer.byteLength(text) === text.length ? 0 : 12);
}

describe('planSegments', () => {
  it('keeps pure digits, pure alphanumeric and lower-case text in one segment each', () => {
    expect(segmentsOf('0123456789')).toEqual([[MODE_NUMERIC, '0123456789']]);
    expect(segmentsOf('HELLO WORLD')).toEqual([[MODE_ALPHANUMERIC, 'HELLO WORLD']]);
    expect(segmentsOf('hello world')).toEqual([[MODE_BYTE, 'hello world']]);
  });

  it('splits off a long digit run and keeps short ones in the surrounding segment', () => {
    expect(segmentsOf('id=12345678901234567890')).toEqual([
      [MODE_BYTE, 'id='],
      [MODE_NUMERIC, '12345678901234567890'],
    ]);
    expect(segmentsOf('a1b2c3')).toEqual([[MODE_BYTE, 'a1b2c3']]);
  });

  it('counts the exact bits, including the 12-bit ECI header of non-ASCII text', () => {
    // Numeric 10 digits: 4 + 10 + 3·10 + 4 bits.
    expect(planSegments(toCodePoints('0123456789'), 0).bits).toBe(48);
    // "é" is two UTF-8 bytes: ECI 12 + 4 + 8 + 16.
    const plan = planSegments(toCodePoints('é'), 0);
    expect(plan.utf8Eci).toBe(true);
    expect(plan.bits).toBe(40);
  });

  it.each([
    'A1',
    'ab123456cd',
    'HTTP://X.EXAMPLE/ab12345',
    '12AB34cd567',
    'Zoë 12345 ABC',
    '0000aaaa0000',
    'AB12345678CD',
    'https://qr.example/AbC12xY',
    'WIFI:S:NET-1234567;T:WPA;P:Ab12345678;;',
  ])('is optimal for %j in every version group', (text) => {
    for (const group of [0, 1, 2]) expect(planSegments(toCodePoints(text), group).bits).toBe(exactOptimumBits(text, group));
  });
});
