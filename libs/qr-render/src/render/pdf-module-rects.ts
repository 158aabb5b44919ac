import type { QrMatrix } from '../encoder/qr-matrix';

/**
 * The dark modules as PDF path operators, in module units with row 0 at the top: one `re` per
 * horizontal run of dark modules, offset by the quiet zone. The caller sets the transform, paints
 * the light square behind them and fills (`f`). Shared by the one-code PDF and print sheets.
 *
 * @example
 * `q 2 0 0 -2 0 ${side} cm 0 g ${pdfModuleRects(matrix, 4)}f Q`
 */
export function pdfModuleRects(matrix: QrMatrix, margin: number): string {
  const n = matrix.size;
  let content = '';
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      if (!matrix.isDark(x, y)) continue;
      const start = x;
      while (x + 1 < n && matrix.isDark(x + 1, y)) x++;
      content += `${start + margin} ${y + margin} ${x + 1 - start} 1 re\n`;
    }
  }
  return content;
}
