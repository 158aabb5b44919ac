/** The least contrast (WCAG 2 ratio) between the background and every colour the modules and eyes are drawn in. */
export const MIN_SYMBOL_CONTRAST = 4;
/** The least contrast between a frame's text and the frame: WCAG's ratio for large text. */
export const MIN_FRAME_TEXT_CONTRAST = 3;

/**
 * Colour contrast as WCAG 2 defines it: relative luminance of sRGB colours, and the ratio
 * (L1 + 0.05) / (L2 + 0.05), from 1 (same colour) to 21 (black on white).
 */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** `#rgb` or `#rrggbb`, any case, as `#rrggbb` lower case; null if it is not one. */
export function normalizeHexColor(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  return /^#[0-9a-f]{6}$/i.test(value) ? value.toLowerCase() : null;
}
