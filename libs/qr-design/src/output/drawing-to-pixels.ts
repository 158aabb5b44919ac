import { Resvg } from '@resvg/resvg-js';

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

/** The designed code as a PNG (resvg: anti-aliased, 8-bit RGBA). */
export function svgToPng(svg: string, widthPx: number): Buffer {
  return rasterise(svg, widthPx).asPng();
}

export function svgToPixels(svg: string, widthPx: number): Pixels {
  const image = rasterise(svg, widthPx);
  return { width: image.width, height: image.height, data: new Uint8ClampedArray(image.pixels.buffer, image.pixels.byteOffset, image.pixels.byteLength) };
}
