import { readFileSync } from 'node:fs';
import { create, type Font } from 'fontkit';
import type { LabelFont } from './label-text';

/**
 * The fonts labels and frame texts are drawn in, from npm font packages (OFL), tried in this order:
 * Noto Sans (Latin, Greek, Cyrillic, Devanagari); Noto Sans JP (kana, and the kanji Japanese uses); Noto Sans SC
 * (the Han characters Chinese uses that JP lacks); Noto Sans KR (Hangul); Noto Sans Arabic, Hebrew,
 * Devanagari and Thai. fontkit shapes each (Arabic joining, Indic conjuncts) and lays right-to-left
 * scripts out in visual order. Each file is read once per process, and only when a text has a
 * character the fonts before it lack (the CJK files are 5–10 MB). pdfkit embeds a subset of each
 * into a PDF: only the glyphs the sheet uses.
 */
const FILES = [
  '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
  '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
  '@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf',
  '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf',
  '@expo-google-fonts/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf',
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
