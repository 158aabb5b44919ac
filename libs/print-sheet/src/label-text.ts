/**
 * Label text in Helvetica, one of the 14 fonts every PDF reader has, so nothing is embedded. It
 * covers WinAnsi (Windows-1252: Latin letters with their accents, € and the usual punctuation);
 * any other character prints as "?". Widths (1/1000 em) are Helvetica's from Adobe's Core 14 AFM,
 * for the WinAnsi codes 32–255.
 */
const WIDTHS: readonly number[] = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584,
  556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278,
  469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260,
  334, 584, 0, 556, 0, 222, 556, 333, 1000, 556, 556, 333, 1000, 667, 333, 1000, 0, 611, 0, 0, 222, 222, 333, 333, 350, 556, 1000, 333, 1000, 500, 333, 944, 0,
  500, 500, 278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333, 400, 584, 333, 333, 333, 556, 537, 278, 333, 333, 365, 556, 834,
  834, 834, 611, 667, 667, 667, 667, 667, 667, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278, 722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722,
  722, 667, 667, 611, 556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278, 556, 556, 556, 556, 556, 556, 556, 584, 611, 556, 556,
  556, 556, 500, 556, 500,
];

const ELLIPSIS = 0x85;
const QUESTION = 0x3f;

/** WinAnsi's 0x80–0x9F (Windows-1252's own characters; five codes are undefined there). */
const CP1252_HIGH: Readonly<Record<number, number>> = {
  0x80: 0x20ac,
  0x82: 0x201a,
  0x83: 0x0192,
  0x84: 0x201e,
  0x85: 0x2026,
  0x86: 0x2020,
  0x87: 0x2021,
  0x88: 0x02c6,
  0x89: 0x2030,
  0x8a: 0x0160,
  0x8b: 0x2039,
  0x8c: 0x0152,
  0x8e: 0x017d,
  0x91: 0x2018,
  0x92: 0x2019,
  0x93: 0x201c,
  0x94: 0x201d,
  0x95: 0x2022,
  0x96: 0x2013,
  0x97: 0x2014,
  0x98: 0x02dc,
  0x99: 0x2122,
  0x9a: 0x0161,
  0x9b: 0x203a,
  0x9c: 0x0153,
  0x9e: 0x017e,
  0x9f: 0x0178,
};

/** Unicode → WinAnsi byte: printable ASCII and Latin-1 are themselves, 0x80–0x9F from the table. */
const TO_WIN_ANSI: ReadonlyMap<string, number> = (() => {
  const map = new Map<string, number>();
  for (let b = 0x20; b <= 0xff; b++) if (b < 0x7f || b >= 0xa0) map.set(String.fromCharCode(b), b);
  for (const [byte, code] of Object.entries(CP1252_HIGH)) map.set(String.fromCodePoint(code), Number(byte));
  return map;
})();

/** The text as WinAnsi bytes; line breaks and tabs become spaces, anything else unknown a "?". */
export function toWinAnsi(text: string): number[] {
  return [...text.normalize('NFC')].map((ch) => (/\s/.test(ch) ? 0x20 : (TO_WIN_ANSI.get(ch) ?? QUESTION)));
}

export function widthOf(bytes: readonly number[], fontSize: number): number {
  return (bytes.reduce((sum, b) => sum + (WIDTHS[b - 32] ?? 0), 0) * fontSize) / 1000;
}

/** The text shortened with an ellipsis until it fits `maxWidth` at `fontSize`. */
export function fitText(text: string, maxWidth: number, fontSize: number): number[] {
  const bytes = toWinAnsi(text.trim());
  if (widthOf(bytes, fontSize) <= maxWidth) return bytes;
  const ellipsis = widthOf([ELLIPSIS], fontSize);
  let kept = bytes.length;
  while (kept > 0 && widthOf(bytes.slice(0, kept), fontSize) + ellipsis > maxWidth) kept--;
  return [...bytes.slice(0, kept), ELLIPSIS];
}

/** A PDF literal string of WinAnsi bytes: ( ) \ escaped, bytes outside printable ASCII as octal. */
export function pdfString(bytes: readonly number[]): string {
  return `(${bytes
    .map((b) =>
      b === 0x28 || b === 0x29 || b === 0x5c
        ? `\\${String.fromCharCode(b)}`
        : b >= 0x20 && b < 0x7f
          ? String.fromCharCode(b)
          : `\\${b.toString(8).padStart(3, '0')}`,
    )
    .join('')})`;
}
