import { readQuery } from '@qr/domain';
import { type EccLevel } from '@qr/qr-render';

export interface ImageOptions {
  format: 'svg' | 'png' | 'pdf';
  /** Pixels for svg/png, points for pdf; null lets the renderer choose. */
  size: number | null;
  /** Quiet zone in modules; null: the code's own (its design's margin, or 4). */
  margin: number | null;
  ecc: EccLevel;
}

const FORMATS = ['svg', 'png', 'pdf'] as const;
const ECC = ['L', 'M', 'Q', 'H'] as const;

/** `?format=svg|png|pdf&size=64..4096&margin=0..16&ecc=L|M|Q|H` (defaults: svg, renderer's size, the code's margin, M). */
export function parseImageOptions(query: Record<string, unknown>): ImageOptions {
  return readQuery(query, ['format', 'size', 'margin', 'ecc'], (q) => ({
    format: q.oneOf('format', FORMATS, 'svg'),
    size: q.integer('size', 64, 4096, null),
    margin: q.integer('margin', 0, 16, null),
    ecc: q.oneOf('ecc', ECC, 'M'),
  }));
}
