/**
 * SVG path data, as the drawing writes it (M, L, H, V, Q, C, A and Z, absolute or relative), flattened
 * to straight segments in pixels: what a scanline rasteriser fills. Curves and arcs are cut into
 * chords no further than `TOLERANCE_PX` from the true curve, below what anti-aliasing shows.
 */
export type SegmentSink = (x0: number, y0: number, x1: number, y1: number) => void;

const TOLERANCE_PX = 0.1;

/**
 * Calls `line` for every segment of `d`'s outline (subpaths closed), scaled by (sx, sy) from path
 * units to pixels.
 */
export function flattenPath(d: string, sx: number, sy: number, line: SegmentSink): void {
  const scanner = new PathScanner(d);
  // Pen, subpath start and the previous command's control point, in path units.
  let [x, y, startX, startY] = [0, 0, 0, 0];
  const to = (nx: number, ny: number) => {
    line(x * sx, y * sy, nx * sx, ny * sy);
    x = nx;
    y = ny;
  };
  let command = 0;
  while (scanner.more()) {
    command = scanner.command() || command;
    if (command === 0) throw new Error('path data needs a command letter before its numbers');
    // Lower-case letters are relative to the pen.
    const relative = command >= 97;
    const ox = relative ? x : 0;
    const oy = relative ? y : 0;
    switch (command & ~32 /* upper case */) {
      case 77 /* M */: {
        if (x !== startX || y !== startY) to(startX, startY);
        x = startX = ox + scanner.number();
        y = startY = oy + scanner.number();
        // Further pairs after a moveto are linetos.
        command = relative ? 108 /* l */ : 76; /* L */
        break;
      }
      case 76 /* L */:
        to(ox + scanner.number(), oy + scanner.number());
        break;
      case 72 /* H */:
        to(ox + scanner.number(), y);
        break;
      case 86 /* V */:
        to(x, oy + scanner.number());
        break;
      case 81 /* Q */: {
        const [cx, cy, ex, ey] = [ox + scanner.number(), oy + scanner.number(), ox + scanner.number(), oy + scanner.number()];
        const bend = Math.hypot((x - 2 * cx + ex) * sx, (y - 2 * cy + ey) * sy);
        const n = Math.max(1, Math.ceil(Math.sqrt((0.25 * bend) / TOLERANCE_PX)));
        const [x0, y0] = [x, y];
        for (let i = 1; i <= n; i++) {
          const t = i / n;
          const u = 1 - t;
          to(u * u * x0 + 2 * u * t * cx + t * t * ex, u * u * y0 + 2 * u * t * cy + t * t * ey);
        }
        break;
      }
      case 67 /* C */: {
        const [c1x, c1y, c2x, c2y, ex, ey] = [
          ox + scanner.number(),
          oy + scanner.number(),
          ox + scanner.number(),
          oy + scanner.number(),
          ox + scanner.number(),
          oy + scanner.number(),
        ];
        const bend = Math.max(Math.hypot((x - 2 * c1x + c2x) * sx, (y - 2 * c1y + c2y) * sy), Math.hypot((c1x - 2 * c2x + ex) * sx, (c1y - 2 * c2y + ey) * sy));
        const n = Math.max(1, Math.ceil(Math.sqrt((0.75 * bend) / TOLERANCE_PX)));
        const [x0, y0] = [x, y];
        for (let i = 1; i <= n; i++) {
          const t = i / n;
          const u = 1 - t;
          const [a, b, c, e] = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
          to(a * x0 + b * c1x + c * c2x + e * ex, a * y0 + b * c1y + c * c2y + e * ey);
        }
        break;
      }
      case 65 /* A */: {
        const [rx, ry, rotation, large, sweep] = [scanner.number(), scanner.number(), scanner.number(), scanner.flag(), scanner.flag()];
        const [ex, ey] = [ox + scanner.number(), oy + scanner.number()];
        arc(x, y, rx, ry, rotation, large, sweep, ex, ey, sx, sy, to);
        break;
      }
      case 90 /* Z */:
        to(startX, startY);
        // A closepath takes no numbers: any that follow need a command of their own.
        command = 0;
        break;
      default:
        throw new Error(`path command ${String.fromCharCode(command)} is not drawn`);
    }
  }
  if (x !== startX || y !== startY) to(startX, startY);
}

/** An elliptical arc (SVG's endpoint form) as chords, by the centre parameterisation of SVG 1.1 F.6.5. */
function arc(
  x1: number,
  y1: number,
  rxIn: number,
  ryIn: number,
  rotationDeg: number,
  large: boolean,
  sweep: boolean,
  x2: number,
  y2: number,
  sx: number,
  sy: number,
  to: (x: number, y: number) => void,
): void {
  let [rx, ry] = [Math.abs(rxIn), Math.abs(ryIn)];
  if (rx === 0 || ry === 0 || (x1 === x2 && y1 === y2)) return to(x2, y2);
  const phi = (rotationDeg * Math.PI) / 180;
  const [cos, sin] = [Math.cos(phi), Math.sin(phi)];
  const [dx, dy] = [(x1 - x2) / 2, (y1 - y2) / 2];
  const [x1p, y1p] = [cos * dx + sin * dy, -sin * dx + cos * dy];
  const lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry);
  if (lambda > 1) [rx, ry] = [rx * Math.sqrt(lambda), ry * Math.sqrt(lambda)];
  const num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p;
  const den = rx * rx * y1p * y1p + ry * ry * x1p * x1p;
  const k = (large === sweep ? -1 : 1) * Math.sqrt(Math.max(0, num / den));
  const [cxp, cyp] = [(k * rx * y1p) / ry, (-k * ry * x1p) / rx];
  const [cx, cy] = [cos * cxp - sin * cyp + (x1 + x2) / 2, sin * cxp + cos * cyp + (y1 + y2) / 2];
  const angle = (ux: number, uy: number) => Math.atan2(uy, ux);
  const theta1 = angle((x1p - cxp) / rx, (y1p - cyp) / ry);
  let delta = angle((-x1p - cxp) / rx, (-y1p - cyp) / ry) - theta1;
  if (sweep && delta < 0) delta += 2 * Math.PI;
  if (!sweep && delta > 0) delta -= 2 * Math.PI;
  const radiusPx = Math.max(rx * Math.abs(sx), ry * Math.abs(sy));
  const step = radiusPx > TOLERANCE_PX ? 2 * Math.acos(1 - TOLERANCE_PX / radiusPx) : Math.PI / 2;
  const n = Math.max(1, Math.ceil(Math.abs(delta) / step));
  // The unit vector turned by delta / n at each chord (a rotation, not a cosine and sine per point).
  const [turnCos, turnSin] = [Math.cos(delta / n), Math.sin(delta / n)];
  let [ux, uy] = [Math.cos(theta1), Math.sin(theta1)];
  for (let i = 1; i < n; i++) {
    [ux, uy] = [ux * turnCos - uy * turnSin, ux * turnSin + uy * turnCos];
    const [ex, ey] = [rx * ux, ry * uy];
    to(cos * ex - sin * ey + cx, sin * ex + cos * ey + cy);
  }
  to(x2, y2);
}

/** Reads path data: command letters, numbers (with SVG's compact forms: "1-2", ".5.5") and arc flags. */
class PathScanner {
  private at = 0;
  constructor(private readonly d: string) {}

  more(): boolean {
    this.skip();
    return this.at < this.d.length;
  }

  /** The next command letter's code, or 0 when numbers follow (an implicit repeat of the last command). */
  command(): number {
    this.skip();
    const c = this.d.charCodeAt(this.at);
    const letter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    if (!letter || c === 101 || c === 69) return 0; // e/E only inside numbers
    this.at++;
    return c;
  }

  /** A number, read digit by digit (the drawing writes thousands of them); exponents go through Number. */
  number(): number {
    this.skip();
    const d = this.d;
    const start = this.at;
    let i = start;
    let c = d.charCodeAt(i);
    const negative = c === 45;
    if (negative || c === 43) c = d.charCodeAt(++i);
    let value = 0;
    let digits = 0;
    for (; c >= 48 && c <= 57; c = d.charCodeAt(++i), digits++) value = value * 10 + (c - 48);
    if (c === 46) {
      let place = 0.1;
      for (c = d.charCodeAt(++i); c >= 48 && c <= 57; c = d.charCodeAt(++i), digits++, place /= 10) value += (c - 48) * place;
    }
    if (digits === 0) throw new Error(`a number was expected at ${start} of the path`);
    if (c === 101 || c === 69) {
      c = d.charCodeAt(++i);
      if (c === 45 || c === 43) c = d.charCodeAt(++i);
      while (c >= 48 && c <= 57) c = d.charCodeAt(++i);
      this.at = i;
      return Number(d.slice(start, i));
    }
    this.at = i;
    return negative ? -value : value;
  }

  /** An arc flag: one digit, which SVG lets stand without a separator. */
  flag(): boolean {
    this.skip();
    const c = this.d[this.at++];
    if (c !== '0' && c !== '1') throw new Error(`an arc flag was expected at ${this.at - 1} of the path`);
    return c === '1';
  }

  private skip(): void {
    const d = this.d;
    while (this.at < d.length) {
      const c = d.charCodeAt(this.at);
      if (c !== 32 && c !== 44 && c !== 10 && c !== 9 && c !== 13) break;
      this.at++;
    }
  }
}
