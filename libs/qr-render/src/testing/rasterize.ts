import type { QrMatrix } from '../encoder/qr-matrix';

/**
 * The symbol as opaque black-on-white RGBA pixels (the DOM's ImageData shape), `scale` pixels a module
 * with a 4-module quiet zone: exact pixels for the decoders that check the encoder.
 */
export function rasterize(matrix: QrMatrix, scale: number): { width: number; height: number; data: Uint8ClampedArray } {
  const margin = 4;
  const side = (matrix.size + 2 * margin) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const [mx, my] = [Math.floor(x / scale) - margin, Math.floor(y / scale) - margin];
      if (mx < 0 || my < 0 || mx >= matrix.size || my >= matrix.size || !matrix.isDark(mx, my)) continue;
      const at = (y * side + x) * 4;
      data[at] = data[at + 1] = data[at + 2] = 0;
    }
  }
  return { width: side, height: side, data };
}
