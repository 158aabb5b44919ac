import { alignmentPositions, type QrMatrix } from '@qr/qr-render';
import type { EyeShape, ModuleShape } from '../design/design';
import { circle, rect, roundedRect } from './shapes';

/** Where the symbol's top-left module goes, in drawing units. */
export interface Point {
  x: number;
  y: number;
}

/** The three finder patterns ("eyes"): 7×7 at the top left, top right and bottom left. */
export function eyeOrigins(size: number): Array<[number, number]> {
  return [
    [0, 0],
    [size - 7, 0],
    [0, size - 7],
  ];
}

function inEye(x: number, y: number, size: number): boolean {
  return (x < 7 && y < 7) || (x >= size - 7 && y < 7) || (x < 7 && y >= size - 7);
}

/**
 * The centres of the alignment patterns (versions 2 and up): 5×5 rings with a dark centre that
 * decoders look for to correct perspective. They are drawn whole, never as dots: jsQR does not find
 * them otherwise, and reads no dotted code at all.
 */
export function alignmentCentres(matrix: QrMatrix): Array<[number, number]> {
  const positions = alignmentPositions(matrix.version);
  const centres: Array<[number, number]> = [];
  for (const cy of positions) for (const cx of positions) if (!inEye(cx, cy, matrix.size)) centres.push([cx, cy]);
  return centres;
}

function inAlignment(x: number, y: number, centres: ReadonlyArray<[number, number]>): boolean {
  return centres.some(([cx, cy]) => Math.abs(x - cx) <= 2 && Math.abs(y - cy) <= 2);
}

/** The alignment patterns as square rings and centres (fill with even-odd). */
export function alignmentPath(matrix: QrMatrix, origin: Point): string {
  return alignmentCentres(matrix)
    .map(
      ([cx, cy]) =>
        rect(cx - 2 + origin.x, cy - 2 + origin.y, 5, 5) + rect(cx - 1 + origin.x, cy - 1 + origin.y, 3, 3) + rect(cx + origin.x, cy + origin.y, 1, 1),
    )
    .join('');
}

/**
 * Every dark module outside the eyes as one path, the top-left module at `origin`. One path, so shapes that
 * touch are filled as one area: no hairline seams between neighbours when rasterised.
 * - square: a rectangle per horizontal run;
 * - rounded: each module's corners are rounded where neither neighbour on that corner's sides is dark,
 *   so runs and blocks read as soft shapes and single modules as round-cornered squares (drawn a
 *   horizontal run at a time, which is the same outline in fewer pieces);
 * - dots: a circle per module, 0.92 of a module wide (smaller dots lose jsQR).
 */
export function modulesPath(matrix: QrMatrix, shape: ModuleShape, origin: Point, cleared: { x: number; y: number; side: number } | null = null): string {
  const n = matrix.size;
  const alignments = shape === 'square' ? [] : alignmentCentres(matrix);
  const hidden = (x: number, y: number) => cleared !== null && x >= cleared.x && x < cleared.x + cleared.side && y >= cleared.y && y < cleared.y + cleared.side;
  // Which modules this path draws, worked out once: each is asked about again by its neighbours.
  const drawn = new Uint8Array(n * n);
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) drawn[y * n + x] = !inEye(x, y, n) && !inAlignment(x, y, alignments) && !hidden(x, y) && matrix.isDark(x, y) ? 1 : 0;
  const dark = (x: number, y: number) => x >= 0 && y >= 0 && x < n && y < n && drawn[y * n + x] === 1;
  const parts: string[] = [];
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      if (!dark(x, y)) continue;
      const [px, py] = [x + origin.x, y + origin.y];
      if (shape === 'square') {
        const start = x;
        while (dark(x + 1, y)) x++;
        parts.push(rect(start + origin.x, py, x + 1 - start, 1));
      } else if (shape === 'dots') {
        parts.push(circle(px + 0.5, py + 0.5, 0.46));
      } else {
        // A run is one shape: inside it no corner is rounded (each has a dark neighbour beside it).
        const start = x;
        while (dark(x + 1, y)) x++;
        const r = 0.5;
        const corners: [number, number, number, number] = [
          dark(start, y - 1) ? 0 : r,
          dark(x, y - 1) ? 0 : r,
          dark(x, y + 1) ? 0 : r,
          dark(start, y + 1) ? 0 : r,
        ];
        parts.push(roundedRect(px, py, x + 1 - start, 1, corners));
      }
    }
  }
  return parts.join('');
}

/** The eyes' outer rings (a 7×7 square less its 5×5 middle; fill with even-odd). */
export function eyeRingsPath(size: number, shape: EyeShape, origin: Point): string {
  return eyeOrigins(size)
    .map(([x, y]) => {
      const [ox, oy] = [x + origin.x, y + origin.y];
      if (shape === 'circle') return circle(ox + 3.5, oy + 3.5, 3.5) + circle(ox + 3.5, oy + 3.5, 2.5);
      if (shape === 'rounded') return roundedRect(ox, oy, 7, 7, 2) + roundedRect(ox + 1, oy + 1, 5, 5, 1.3);
      return rect(ox, oy, 7, 7) + rect(ox + 1, oy + 1, 5, 5);
    })
    .join('');
}

/** The eyes' 3×3 centres. */
export function eyeCentresPath(size: number, shape: EyeShape, origin: Point): string {
  return eyeOrigins(size)
    .map(([x, y]) => {
      const [ox, oy] = [x + origin.x + 2, y + origin.y + 2];
      if (shape === 'circle') return circle(ox + 1.5, oy + 1.5, 1.5);
      if (shape === 'rounded') return roundedRect(ox, oy, 3, 3, 0.9);
      return rect(ox, oy, 3, 3);
    })
    .join('');
}
