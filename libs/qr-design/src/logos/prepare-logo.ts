import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import { sanitizeSvg, UnsafeSvgError } from './sanitize-svg';

export const MAX_LOGO_BYTES = 1024 * 1024;
/** Logos are kept as PNGs at most this many pixels a side: far more than a logo covering 30 % of a code needs. */
export const LOGO_SIDE_PX = 512;
/** Raster uploads may decode to at most this many pixels (a decompression bomb is refused before it is decoded). */
export const MAX_SOURCE_PIXELS = 6000 * 6000;

export type LogoSourceType = 'image/png' | 'image/jpeg' | 'image/svg+xml';

export interface PreparedLogo {
  png: Buffer;
  width: number;
  height: number;
  sourceType: LogoSourceType;
}

/** Why an upload is refused: a code for the 422 and a sentence. */
export class LogoRejected extends Error {
  constructor(
    readonly code: 'too_large' | 'unsupported_type' | 'unreadable_image' | 'too_many_pixels' | 'unsafe_svg' | 'empty',
    detail: string,
  ) {
    super(detail);
  }
}

/** What the bytes are, from their first bytes, whatever the upload said. */
export function sniffLogoType(bytes: Buffer): LogoSourceType | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(head) || (head.startsWith('<?xml') && /<svg[\s>]/i.test(bytes.toString('utf8'))))
    return 'image/svg+xml';
  return null;
}

/**
 * An upload made into what logos are: a PNG, at most 512 pixels a side, that we drew ourselves.
 * Raster files are decoded and encoded again by libvips (sharp), never kept as uploaded; their pixel
 * count is checked from the header before decoding. SVGs are sanitised (`sanitizeSvg`) and rasterised
 * by resvg, so no uploaded SVG is ever served or rendered in a browser.
 */
export async function prepareLogo(bytes: Buffer): Promise<PreparedLogo> {
  if (bytes.length === 0) throw new LogoRejected('empty', 'the file is empty');
  if (bytes.length > MAX_LOGO_BYTES) throw new LogoRejected('too_large', `a logo is at most 1 MB; this file is ${(bytes.length / 1024 / 1024).toFixed(1)} MB`);
  const sourceType = sniffLogoType(bytes);
  if (!sourceType) throw new LogoRejected('unsupported_type', 'a logo is a PNG, JPEG or SVG file');
  return sourceType === 'image/svg+xml' ? { ...rasteriseSvg(bytes), sourceType } : { ...(await reencode(bytes, sourceType)), sourceType };
}

async function reencode(bytes: Buffer, type: LogoSourceType): Promise<Omit<PreparedLogo, 'sourceType'>> {
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta || (meta.format === 'png' ? 'image/png' : meta.format === 'jpeg' ? 'image/jpeg' : null) !== type) {
    throw new LogoRejected('unreadable_image', 'the image could not be read: the file is damaged or not what it says');
  }
  if (!meta.width || !meta.height || meta.width * meta.height > MAX_SOURCE_PIXELS) {
    throw new LogoRejected(
      'too_many_pixels',
      `a logo is at most ${MAX_SOURCE_PIXELS.toLocaleString('en-US')} pixels; this one is ${meta.width}×${meta.height}`,
    );
  }
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_SOURCE_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .resize(LOGO_SIDE_PX, LOGO_SIDE_PX, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch {
    throw new LogoRejected('unreadable_image', 'the image could not be read: the file is damaged or truncated');
  }
}

function rasteriseSvg(bytes: Buffer): Omit<PreparedLogo, 'sourceType'> {
  let clean: string;
  try {
    clean = sanitizeSvg(bytes.toString('utf8'));
  } catch (err) {
    throw new LogoRejected(err instanceof UnsafeSvgError ? 'unsafe_svg' : 'unreadable_image', (err as Error).message);
  }
  try {
    const tree = new Resvg(clean, { font: { loadSystemFonts: false } });
    const fit = tree.width >= tree.height ? ({ mode: 'width', value: LOGO_SIDE_PX } as const) : ({ mode: 'height', value: LOGO_SIDE_PX } as const);
    const image = new Resvg(clean, { fitTo: fit, font: { loadSystemFonts: false } }).render();
    if (image.width === 0 || image.height === 0 || !hasInk(image.pixels)) throw new Error('nothing drawn');
    return { png: image.asPng(), width: image.width, height: image.height };
  } catch {
    throw new LogoRejected('unreadable_image', 'the SVG could not be drawn: it has no size, or nothing a renderer can draw');
  }
}

/** Whether any pixel of an RGBA image is not fully transparent. */
function hasInk(rgba: Uint8Array): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 0) return true;
  return false;
}
