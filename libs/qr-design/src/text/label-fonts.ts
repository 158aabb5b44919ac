import { readFileSync } from 'node:fs';
import { create, type Font } from 'fontkit';
import type { LabelFont } from './label-text';

/**
 * The fonts labels print in, from npm font packages (OFL): Noto Sans for Latin, Greek and Cyrillic;
 * Noto Sans JP for kana and the kanji (Han ideographs) Japanese uses. Each file is read once per
 * process, the CJK one (5 MB) only when a label has a character Noto Sans lacks. pdfkit embeds a
 * subset of each into the PDF: only the glyphs the sheet uses.
 */
const FILES = [
  '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
] as const;

const files: Array<Buffer | undefined> = [];
const cmaps: Array<Font | undefined> = [];

/**
 * Font `i`'s file, for one document to parse. Each document parses its own: fontkit's glyph objects
 * keep state from the last document that laid them out (a shared parse made a later sheet lose the
 * "o" of its text layer), and that first layout, not the file read, is the cost.
 */
export function labelFontFile(i: number): Buffer {
  return (files[i] ??= readFileSync(require.resolve(FILES[i])));
}

/** The label fonts in the order labels try them; coverage is read from a process-wide parse of the cmap only. */
export const LABEL_FONTS: readonly LabelFont[] = FILES.map((_, i) => ({
  covers: (codePoint: number) => (cmaps[i] ??= create(labelFontFile(i)) as Font).hasGlyphForCodePoint(codePoint),
}));
