/**
 * Which font draws each part of a label, and where the label is cut to fit. Pure: fonts come in as
 * "does it have a glyph for this code point", widths from an injected measure.
 */

/** A font as label layout sees it. `covers` may load the font the first time it is asked. */
export interface LabelFont {
  covers(codePoint: number): boolean;
}

/** A stretch of a label drawn in one font (an index into the fonts given). */
export interface LabelRun {
  font: number;
  text: string;
}

/** The width of `text` in `fonts[font]` at the label's size, in points. */
export type MeasureRun = (text: string, font: number) => number;

const ELLIPSIS = '…';
/** What a character no font has prints as: a visible gap is better than nothing or a box. */
const MISSING = '?';

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

/**
 * The label as runs: each grapheme goes to the first font that has all of its code points (so the
 * later fonts, CJK, are only opened when an earlier one lacks a character), or becomes "?" in the
 * first font. Whitespace becomes one space. When the label is wider than `maxWidth` it is cut at a
 * grapheme and ends in "…".
 *
 * @example
 * labelRuns('Café 東京', [notoSans, notoSansJp], measure, 120) // [{ font: 0, text: 'Café ' }, { font: 1, text: '東京' }]
 */
export function labelRuns(text: string, fonts: readonly LabelFont[], measure: MeasureRun, maxWidth: number): LabelRun[] {
  const pieces: LabelRun[] = [];
  for (const { segment } of graphemes.segment(text.normalize('NFC').replace(/\s+/g, ' ').trim())) {
    const codePoints = [...segment].map((ch) => ch.codePointAt(0)!);
    // A space stays in the run before it when that font has one, so "امسح الرمز" is shaped as one run.
    const previous = pieces[pieces.length - 1];
    if (segment === ' ' && previous && previous.text !== MISSING && fonts[previous.font].covers(0x20)) {
      pieces.push({ font: previous.font, text: segment });
      continue;
    }
    const font = fonts.findIndex((f) => codePoints.every((cp) => f.covers(cp)));
    pieces.push(font < 0 ? { font: 0, text: MISSING } : { font, text: segment });
  }
  const width = (runs: LabelRun[]) => runs.reduce((sum, r) => sum + measure(r.text, r.font), 0);
  let runs = merge(pieces);
  if (width(runs) <= maxWidth) return runs;
  const ellipsis = measure(ELLIPSIS, 0);
  let kept = pieces.length;
  do runs = merge(pieces.slice(0, --kept));
  while (kept > 0 && width(runs) + ellipsis > maxWidth);
  return merge([...pieces.slice(0, kept), { font: 0, text: ELLIPSIS }]);
}

const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;

/** Whether a text has a letter of a right-to-left script (Hebrew, Arabic). */
export function isRightToLeft(text: string): boolean {
  return RTL_LETTER.test(text);
}

/**
 * The runs in the order they are drawn, left to right. The shaper already lays each run out in visual
 * order; a text whose first letter is from a right-to-left script (Hebrew, Arabic) also puts its runs
 * right to left. That is the paragraph rule of the Unicode bidi algorithm, not all of it: enough for a
 * label or a call to action in one script, with the odd number or Latin word.
 */
export function visualOrder(runs: readonly LabelRun[]): LabelRun[] {
  const firstLetter = runs
    .map((r) => r.text)
    .join('')
    .match(/\p{L}/u)?.[0];
  return firstLetter && isRightToLeft(firstLetter) ? [...runs].reverse() : [...runs];
}

/** Neighbouring pieces in the same font become one run (one text operator, kerning kept). */
function merge(pieces: readonly LabelRun[]): LabelRun[] {
  const runs: LabelRun[] = [];
  for (const p of pieces) {
    const last = runs[runs.length - 1];
    if (last && last.font === p.font) last.text += p.text;
    else runs.push({ ...p });
  }
  return runs;
}
