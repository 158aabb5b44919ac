import { Resvg } from '@resvg/resvg-js';
import { drawDesign, layoutOf, type LogoImage } from '../draw/draw-design';
import type { Design } from '../design/design';
import { encodeRgbaPngAsync, type QrMatrix } from '@qr/qr-render';
import { drawingToSvg } from './drawing-to-svg';
import { logoRendition } from './logo-renditions';
import { type Pixels, rasteriseDrawing } from './rasterise-drawing';

export type { Pixels } from './rasterise-drawing';

/**
 * An SVG rasterised by resvg, `widthPx` wide, white behind anything transparent (frame corners): the
 * reference the fast paths are held to. Every pixel is opaque, so resvg's premultiplied pixels are the plain ones.
 */
export function svgToPixels(svg: string, widthPx: number): Pixels {
  const image = new Resvg(svg, { fitTo: { mode: 'width', value: Math.round(widthPx) }, background: '#ffffff', font: { loadSystemFonts: false } }).render();
  return { width: image.width, height: image.height, data: new Uint8ClampedArray(image.pixels.buffer, image.pixels.byteOffset, image.pixels.byteLength) };
}

/**
 * A designed code as a PNG, `widthPx` wide: the drawing through our own rasteriser
 * (`rasteriseDrawing`), a few times faster than resvg, which stays as the reference
 * (`designedPixelsReference`; rasterise-drawing.spec holds the two to the same pixels), then
 * deflated off the event loop.
 */
export async function designedPng(matrix: QrMatrix, design: Design, logo: LogoImage | null, widthPx: number): Promise<Buffer> {
  const image = rasteriseDrawing(drawDesign(matrix, design, logo), widthPx, true);
  return encodeRgbaPngAsync(new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength), image.width, image.height);
}

/** The designed code's pixels, `widthPx` wide: what a designed PNG holds and what the scannability check decodes. */
export function designedPixels(matrix: QrMatrix, design: Design, logo: LogoImage | null, widthPx: number): Pixels {
  return rasteriseDrawing(drawDesign(matrix, design, logo), widthPx);
}

/**
 * The reference of `designedPixels`: the drawing as SVG through resvg, with the logo at the rendition
 * this width shows (`logoRendition`), as the rasteriser samples it.
 */
export function designedPixelsReference(matrix: QrMatrix, design: Design, logo: LogoImage | null, widthPx: number): Pixels {
  if (!logo || !design.logo) return svgToPixels(drawingToSvg(drawDesign(matrix, design, logo)), widthPx);
  const logoPx = ((matrix.size * design.logo.size) / layoutOf(matrix.size, design).width) * widthPx;
  return svgToPixels(drawingToSvg(drawDesign(matrix, design, logoRendition(logo, logoPx))), widthPx);
}
