import type { QrMatrix } from '../encoder/qr-matrix';
import { asciiScratch, decimalLength, writeInt } from './ascii-bytes';
import { checkPositive, resolveMargin } from './render-options';

/** Options of {@link renderSvg}. */
export interface RenderSvgOptions {
  /** Quiet zone in modules (default 4). */
  margin?: number;
  /** Colour of the dark modules (any SVG paint; default `#000`). */
  dark?: string;
  /** Background colour (default `#fff`); `none` or `transparent` leaves the background out. */
  light?: string;
  /** Width and height attribute in px; without it the SVG scales to its container. */
  size?: number;
}

/** Largest `size` accepted: far beyond any print size, small enough to stay a plain number. */
const MAX_SIZE_PX = 100_000;

/**
 * Renders the symbol as a compact SVG: the viewBox is in modules, the background is one filled
 * path, and all dark modules are one stroked path of horizontal runs with relative moves.
 *
 * @example
 * renderSvg(encodeText('https://qr.example/AbC12xY'), { size: 256 });
 * // '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 33 33" …'
 */
export function renderSvg(matrix: QrMatrix, options: RenderSvgOptions = {}): string {
  const margin = resolveMargin(options.margin);
  const side = matrix.size + 2 * margin;
  const dark = escapeAttribute(options.dark ?? '#000');
  const light = options.light ?? '#fff';
  const size = options.size === undefined ? '' : `width="${checkPositive(options.size, 'size', MAX_SIZE_PX)}" height="${options.size}" `;
  // An open subpath is filled as if closed, so the background needs no `z`.
  const background = light === 'none' || light === 'transparent' ? '' : `<path fill="${escapeAttribute(light)}" d="M0 0h${side}v${side}H0"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" ${size}viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
    `${background}<path stroke="${dark}" d="${darkRunsPath(matrix, margin)}"/></svg>`
  );
}

/**
 * One path of 1-unit-wide strokes along the middle of each module row (hence the `.5`), one `h` per
 * run of dark modules. Moves are relative; a row change uses whichever of `m` and `M` is shorter.
 */
function darkRunsPath(matrix: QrMatrix, margin: number): string {
  const n = matrix.size;
  // At most (n + 1) / 2 runs a row; a run takes ≤ 10 bytes ("m177 0h177"), plus ≤ 4 more for the
  // row change ("M377 377.5" instead of "m177 0"); coordinates stay below 1000 with margin ≤ 100.
  const out = asciiScratch(((n * (n + 1)) >>> 1) * 12 + 16);
  let at = 0;
  // Pen position after the last run, in viewBox units (-1: nothing drawn yet).
  let penX = -1;
  let penY = -1;
  for (let y = 0; y < n; y++) {
    const rowY = y + margin;
    for (let x = 0; x < n; x++) {
      if (!matrix.isDark(x, y)) continue;
      const start = x;
      while (x + 1 < n && matrix.isDark(x + 1, y)) x++;
      if (rowY === penY) {
        out[at++] = 0x6d; // m
        at = writeInt(out, at, start + margin - penX);
        out[at++] = 0x20;
        out[at++] = 0x30;
      } else {
        at = rowMove(out, at, start + margin, rowY, penX, penY);
      }
      out[at++] = 0x68; // h
      at = writeInt(out, at, x + 1 - start);
      penX = x + 1 + margin;
      penY = rowY;
    }
  }
  return out.toString('latin1', 0, at);
}

/** Writes the move to a row's first run: `m dx dy`, or `M x y.5` when that is shorter. */
function rowMove(out: Buffer, at: number, x: number, y: number, penX: number, penY: number): number {
  const relative = penY >= 0 && decimalLength(x - penX) + decimalLength(y - penY) <= decimalLength(x) + decimalLength(y) + 2;
  out[at++] = relative ? 0x6d : 0x4d; // m or M
  at = writeInt(out, at, relative ? x - penX : x);
  out[at++] = 0x20;
  at = writeInt(out, at, relative ? y - penY : y);
  if (relative) return at;
  out[at++] = 0x2e; // ".5": the middle of the module row
  out[at++] = 0x35;
  return at;
}

function escapeAttribute(value: string): string {
  return value.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
