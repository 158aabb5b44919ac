import { Resvg } from '@resvg/resvg-js';
import { drawDesign, layoutOf, type LogoImage } from '../draw/draw-design';
import type { Design } from '../design/design';
import { encodeRgbaPng, type QrMatrix } from '@qr/qr-render';
import { drawingToSvg } from './drawing-to-svg';
import { logoRendition } from './logo-renditions';

/** RGBA pixels, as decoders (and the DOM's ImageData) take them. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** Rasterises an SVG with resvg, `widthPx` wide; white behind anything transparent (frame corners). */
function rasterise(svg: string, widthPx: number) {
  return new Resvg(svg, { fitTo: { mode: 'width', value: Math.round(widthPx) }, background: '#ffffff', font: { loadSystemFonts: false } }).render();
}

/**
 * The designed code as a PNG (resvg: anti-aliased, 8-bit RGBA). Encoded by `encodeRgbaPng` (rows
 * unfiltered, zlib level 1), faster and smaller here than resvg's own encoder, which stays as the
 * reference (`svgToPngReference`): a test holds the two to the same pixels. Every pixel is opaque
 * (white behind), so resvg's premultiplied pixels are the plain ones.
 */
export function svgToPng(svg: string, widthPx: number): Buffer {
  const image = rasterise(svg, widthPx);
  return encodeRgbaPng(image.pixels, image.width, image.height);
}

export function svgToPngReference(svg: string, widthPx: number): Buffer {
  return rasterise(svg, widthPx).asPng();
}

export function svgToPixels(svg: string, widthPx: number): Pixels {
  const image = rasterise(svg, widthPx);
  return { width: image.width, height: image.height, data: new Uint8ClampedArray(image.pixels.buffer, image.pixels.byteOffset, image.pixels.byteLength) };
}

/**
 * A designed code rasterised `widthPx` wide: the drawing as SVG through resvg, with the logo at the
 * rendition this width shows (`logoRendition`). The one way a designed PNG and the check's image are made.
 */
function rasterSvg(matrix: QrMatrix, design: Design, logo: LogoImage | null, widthPx: number): string {
  if (!logo || !design.logo) return drawingToSvg(drawDesign(matrix, design, logo));
  const logoPx = ((matrix.size * design.logo.size) / layoutOf(matrix.size, design).width) * widthPx;
  return drawingToSvg(drawDesign(matrix, design, logoRendition(logo, logoPx)));
}

export function designedPng(matrix: QrMatrix, design: Design, logo: LogoImage | null, widthPx: number): Buffer {
  return svgToPng(rasterSvg(matrix, design, logo, widthPx), widthPx);
}

export function designedPixels(matrix: QrMatrix, design: Design, logo: LogoImage | null, widthPx: number): Pixels {
  return svgToPixels(rasterSvg(matrix, design, logo, widthPx), widthPx);
}
