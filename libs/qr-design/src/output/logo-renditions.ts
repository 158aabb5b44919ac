import { createHash } from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';
import { LRUCache } from 'lru-cache';
import type { LogoImage } from '../draw/draw-design';

const renditions = new LRUCache<string, LogoImage>({ max: 64 });
// The same stored logo (one Buffer) is drawn again and again; its digest is worked out once.
const digests = new WeakMap<Buffer, string>();

/**
 * The logo at no more pixels than a raster output shows it at (a power of two, at least 32, never
 * above the stored 512): a 344-pixel PNG shows a logo about 80 pixels wide, and resvg decodes the
 * embedded picture on every render, so a small rendition makes a designed PNG cheaper. SVG and PDF
 * get the stored logo, since they are scaled up later. Kept per process, least recently used first out.
 */
export function logoRendition(logo: LogoImage, boxPx: number): LogoImage {
  const longest = Math.max(logo.width, logo.height);
  const target = Math.min(longest, Math.max(32, 2 ** Math.ceil(Math.log2(Math.max(1, boxPx)))));
  if (target >= longest) return logo;
  let digest = digests.get(logo.png);
  if (digest === undefined) digests.set(logo.png, (digest = createHash('sha1').update(logo.png).digest('base64')));
  const key = `${digest}:${target}`;
  const hit = renditions.get(key);
  if (hit) return hit;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${logo.width}" height="${logo.height}"><image width="${logo.width}" height="${logo.height}" href="data:image/png;base64,${logo.png.toString('base64')}"/></svg>`;
  const fit = logo.width >= logo.height ? ({ mode: 'width', value: target } as const) : ({ mode: 'height', value: target } as const);
  const rendered = new Resvg(svg, { fitTo: fit, font: { loadSystemFonts: false } }).render();
  const made: LogoImage = { png: rendered.asPng(), width: rendered.width, height: rendered.height };
  renditions.set(key, made);
  return made;
}
