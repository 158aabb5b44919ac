import type { QrMatrix } from '../encoder/qr-matrix';
import { resolveMargin, resolveScale } from './render-options';

/** Options of {@link rasterize} and {@link renderPng}. */
export interface RasterOptions {
  /** Pixels per module (default 8). */
  scale?: number;
  /** Quiet zone in modules (default 4). */
  margin?: number;
}

/** Pixels in the shape of the DOM's ImageData: RGBA, row-major, 4 bytes per pixel. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/**
 * Draws the symbol as opaque black-on-white RGBA pixels, the input barcode decoders take.
 *
 * @example
 * const { width, data } = rasterize(encodeText('hello'), { scale: 4 });
 */
export function rasterize(matrix: QrMatrix, options: RasterOptions = {}): RgbaImage {
  const scale = resolveScale(options.scale);
  const margin = resolveMargin(options.margin);
  const side = (matrix.size + 2 * margin) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  const rowBytes = side * 4;
  for (let y = 0; y < matrix.size; y++) {
    const top = (y + margin) * scale;
    const first = top * rowBytes;
    for (let x = 0; x < matrix.size; x++) {
      if (!matrix.isDark(x, y)) continue;
      const left = first + (x + margin) * scale * 4;
      for (let p = left; p < left + scale * 4; p += 4) data[p] = data[p + 1] = data[p + 2] = 0;
    }
    // Every pixel row of a module row is the same: draw the first, copy it.
    for (let k = 1; k < scale; k++) data.copyWithin(first + k * rowBytes, first, first + rowBytes);
  }
  return { width: side, height: side, data };
}
