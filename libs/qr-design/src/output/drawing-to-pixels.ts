import { renderAsync, type RenderedImage } from '@resvg/resvg-js';
import sharp from 'sharp';
import type { QrMatrix } from '@qr/qr-render';
import type { Design } from '../design/design';
import { drawDesign, layoutOf, type LogoImage } from '../draw/draw-design';
import { drawingToSvg } from './drawing-to-svg';
import { logoRendition } from './logo-renditions';

/** Pixels in the shape of the DOM's ImageData (RGBA, row-major, 4 bytes a pixel): what the decoders read. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/**
 * A designed code as a PNG, `widthPx` wide: the drawing's SVG through resvg, encoded by libvips (sharp)
 * on its own threads: resvg's encoder would hold the event loop for several milliseconds, and writes
 * larger files.
 */
export async function designedPng(matrix: QrMatrix, design: Design, logo: LogoImage | null, widthPx: number): Promise<Buffer> {
  const image = await rendered(matrix, design, logo, widthPx);
  return sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 4 } })
    .png({ compressionLevel: 3 }) // 2.2 ms of CPU and 29 kB for a branded code; zlib's default 6: 3.4 ms, 25 kB
    .toBuffer();
}

/** The designed code's pixels, `widthPx` wide: what a designed PNG holds and what the scannability check decodes. */
export async function designedPixels(matrix: QrMatrix, design: Design, logo: LogoImage | null, widthPx: number): Promise<Pixels> {
  const image = await rendered(matrix, design, logo, widthPx);
  // Every pixel is opaque (white behind the drawing), so resvg's premultiplied pixels are the plain ones.
  return { width: image.width, height: image.height, data: new Uint8ClampedArray(image.pixels.buffer, image.pixels.byteOffset, image.pixels.byteLength) };
}

/**
 * resvg draws on libuv's thread pool, beside the event loop (redirects and other requests go on). The
 * logo goes in at the rendition this width shows it at: resvg decodes an embedded picture on every
 * render, and the stored one is 512 px where a PNG shows it at about 80. White fills what the drawing
 * leaves transparent (a frame's rounded corners).
 */
function rendered(matrix: QrMatrix, design: Design, logo: LogoImage | null, widthPx: number): Promise<RenderedImage> {
  const shown = design.logo && logo ? logoRendition(logo, ((matrix.size * design.logo.size) / layoutOf(matrix.size, design).width) * widthPx) : logo;
  const svg = drawingToSvg(drawDesign(matrix, design, shown));
  return renderAsync(svg, { fitTo: { mode: 'width', value: Math.round(widthPx) }, background: '#ffffff', font: { loadSystemFonts: false } });
}
