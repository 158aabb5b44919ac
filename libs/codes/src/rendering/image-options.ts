import { ImageQuery, intOr, readQueryDeclared } from '@qr/api-contract';
import { type EccLevel } from '@qr/qr-render';

export interface ImageOptions {
  format: 'svg' | 'png' | 'pdf';
  /** Pixels for svg/png, points for pdf; null lets the renderer choose. */
  size: number | null;
  /** Quiet zone in modules; null: the code's own (its design's margin, or 4). */
  margin: number | null;
  ecc: EccLevel;
}

/** `?format=svg|png|pdf&size=64..4096&margin=0..16&ecc=L|M|Q|H` (defaults: svg, renderer's size, the code's margin, M). */
export function parseImageOptions(query: Record<string, unknown>): ImageOptions {
  const q = readQueryDeclared(ImageQuery, query);
  return { format: q.format ?? 'svg', size: intOr(q.size, null), margin: intOr(q.margin, null), ecc: q.ecc ?? 'M' };
}
