import { type LabelFont, labelRuns, visualOrder } from './label-text';

/** A Latin font and a CJK one, as code point ranges; every character one point wide. */
const latin: LabelFont = { covers: (cp) => cp < 0x0530 || cp === 0x2026 };
const asked: number[] = [];
const cjk: LabelFont = {
  covers: (cp) => {
    asked.push(cp);
    return cp >= 0x3000 && cp < 0xa000;
  },
};
const fonts = [latin, cjk];
const oneEach = (text: string) => [...text].length;

describe('labelRuns', () => {
  beforeEach(() => (asked.length = 0));

  it('draws each stretch in the first font that has it, and asks the CJK font only about what Latin lacks (and whether its run can take a space)', () => {
    expect(labelRuns('Café 東京 Ωμέγα', fonts, oneEach, 100)).toEqual([
      { font: 0, text: 'Café ' },
      { font: 1, text: '東京' },
      { font: 0, text: ' Ωμέγα' },
    ]);
    expect(asked).toEqual([0x6771, 0x4eac, 0x20]);
    expect(labelRuns('Привет', fonts, oneEach, 100)).toEqual([{ font: 0, text: 'Привет' }]);
    expect(asked).toEqual([0x6771, 0x4eac, 0x20]);
  });

  it('prints a character no font has as "?", one per grapheme', () => {
    expect(labelRuns('ok שלום 🙂', fonts, oneEach, 100)).toEqual([{ font: 0, text: 'ok ???? ?' }]);
    expect(labelRuns('👍🏽', fonts, oneEach, 100)).toEqual([{ font: 0, text: '?' }]);
  });

  it('joins combining marks to their letter (NFC) and turns whitespace into one space', () => {
    expect(labelRuns('  e\u0301\t\nb  ', fonts, oneEach, 100)).toEqual([{ font: 0, text: 'é b' }]);
  });

  it('cuts a label that does not fit at a grapheme and ends it with …', () => {
    expect(labelRuns('Box', fonts, oneEach, 3)).toEqual([{ font: 0, text: 'Box' }]);
    expect(labelRuns('Boxes', fonts, oneEach, 4)).toEqual([{ font: 0, text: 'Box…' }]);
    expect(labelRuns('東京タワー', fonts, oneEach, 3)).toEqual([
      { font: 1, text: '東京' },
      { font: 0, text: '…' },
    ]);
    const wide = (text: string, font: number) => [...text].length * (font === 1 ? 2 : 1);
    expect(labelRuns('ab東京', fonts, wide, 5)).toEqual([
      { font: 0, text: 'ab' },
      { font: 1, text: '東' },
      { font: 0, text: '…' },
    ]);
  });

  it('keeps a space inside the run of the script around it, so words of one script are shaped together', () => {
    const arabic: LabelFont = { covers: (cp) => (cp >= 0x0600 && cp < 0x0700) || cp === 0x20 };
    expect(labelRuns('امسح الرمز', [latin, arabic], oneEach, 100)).toEqual([{ font: 1, text: 'امسح الرمز' }]);
  });
});

describe('visualOrder', () => {
  it('draws the runs of a right-to-left text right to left, and leaves left-to-right text as it is', () => {
    const runs = [
      { font: 1, text: 'امسح ' },
      { font: 0, text: 'QR' },
    ];
    expect(visualOrder(runs)).toEqual([runs[1], runs[0]]);
    expect(visualOrder([{ font: 0, text: '2 ' }, ...runs])).toEqual([runs[1], runs[0], { font: 0, text: '2 ' }]);
    const ltr = [
      { font: 0, text: 'Scan ' },
      { font: 1, text: 'القائمة' },
    ];
    expect(visualOrder(ltr)).toEqual(ltr);
  });
});
