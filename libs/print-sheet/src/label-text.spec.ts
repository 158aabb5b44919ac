import { fitText, pdfString, toWinAnsi, widthOf } from './index';

describe('label text', () => {
  it('maps Latin-1, € and typographic quotes to WinAnsi, and anything else to ?', () => {
    expect(toWinAnsi('Café €5 “x”')).toEqual([0x43, 0x61, 0x66, 0xe9, 0x20, 0x80, 0x35, 0x20, 0x93, 0x78, 0x94]);
    expect(toWinAnsi('東京🙂')).toEqual([0x3f, 0x3f, 0x3f]);
    expect(toWinAnsi('a\tb\nc')).toEqual([0x61, 0x20, 0x62, 0x20, 0x63]);
    expect(toWinAnsi('e\u0301')).toEqual([0xe9]);
  });

  it('measures with Helvetica’s widths', () => {
    expect(widthOf(toWinAnsi('Hello'), 1000)).toBe(2278);
    expect(widthOf(toWinAnsi('W'), 10)).toBeCloseTo(9.44);
  });

  it('shortens with an ellipsis to fit, and leaves short text alone', () => {
    expect(fitText('Box', 100, 10)).toEqual(toWinAnsi('Box'));
    const fitted = fitText('A very long product name indeed', 60, 10);
    expect(fitted[fitted.length - 1]).toBe(0x85);
    expect(widthOf(fitted, 10)).toBeLessThanOrEqual(60);
    expect(widthOf([...fitted.slice(0, -1), 0x20, 0x85], 10)).toBeGreaterThan(0);
  });

  it('escapes parentheses and backslashes, and writes bytes above ASCII as octal', () => {
    expect(pdfString(toWinAnsi('a(b)\\c'))).toBe('(a\\(b\\)\\\\c)');
    expect(pdfString(toWinAnsi('é'))).toBe('(\\351)');
  });
});
