import { createHash } from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';
import type { LogoImage } from '../draw/draw-design';

/** A logo decoded: premultiplied RGBA, as resvg renders it. */
export interface LogoPixels {
  width: number;
  height: number;
  data: Uint8Array;
}

interface Rendition {
  image: LogoImage;
  pixels: LogoPixels;
}

const MAX_ENTRIES = 64;
const renditions = new Map<string, Rendition>();
// The same stored logo (one Buffer) is drawn again and again; its digest is worked out once.
const digests = new WeakMap<Buffer, string>();

/**
 * The logo at no more pixels than a raster output shows it at (a power of two, at least 32, never
 * above the stored 512): a 344-pixel PNG shows a logo about 80 pixels wide, and resvg decodes the
 * embedded picture on every render, so a small rendition makes a designed PNG several times cheaper.
 * SVG and PDF get the stored logo, since they are scaled up later. Kept per process, least recently
 * used first out.
 */
export function logoRendition(logo: LogoImage, boxPx: number): LogoImage {
  return rendition(logo, boxPx).image;
}

/** The rendition `logoRendition` picks, decoded, for a rasteriser that samples it itself. */
export function logoPixels(logo: LogoImage, boxPx: number): LogoPixels {
  return rendition(logo, boxPx).pixels;
}

function rendition(logo: LogoImage, boxPx: number): Rendition {
  const longest = Math.max(logo.width, logo.height);
  const target = Math.min(longest, Math.max(32, 2 ** Math.ceil(Math.log2(Math.max(1, boxPx)))));
  let digest = digests.get(logo.png);
  if (digest === undefined) digests.set(logo.png, (digest = createHash('sha1').update(logo.png).digest('base64')));
  const key = `${digest}:${target}`;
  const hit = renditions.get(key);
  if (hit) {
    renditions.delete(key);
    renditions.set(key, hit);
    return hit;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${logo.width}" height="${logo.height}"><image width="${logo.width}" height="${logo.height}" href="data:image/png;base64,${logo.png.toString('base64')}"/></svg>`;
  const fit = logo.width >= logo.height ? ({ mode: 'width', value: target } as const) : ({ mode: 'height', value: target } as const);
  const rendered = new Resvg(svg, { fitTo: fit, font: { loadSystemFonts: false } }).render();
  const made: Rendition = {
    image: target >= longest ? logo : { png: rendered.asPng(), width: rendered.width, height: rendered.height },
    pixels: { width: rendered.width, height: rendered.height, data: rendered.pixels },
  };
  renditions.set(key, made);
  if (renditions.size > MAX_ENTRIES) renditions.delete(renditions.keys().next().value!);
  return made;
}
