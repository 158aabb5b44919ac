import type { Drawing, Paint, PlacedImage } from '../draw/draw-design';
import { logoPixels } from './logo-renditions';
import { flattenPath } from './path-flattening';

/** RGBA pixels, as decoders (and the DOM's ImageData) take them. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** resvg's size for a drawing fitted to a width: the height rounded. */
export function rasterSize(drawing: Pick<Drawing, 'width' | 'height'>, widthPx: number): { width: number; height: number } {
  const width = Math.round(widthPx);
  return { width, height: Math.round((width * drawing.height) / drawing.width) };
}

/**
 * The drawing rasterised `widthPx` wide on white, anti-aliased: the fast path of a designed PNG and of
 * the scannability check's image. The reference is resvg drawing the drawing's SVG
 * (`designedPixelsReference`), about 3× slower; rasterise-drawing.spec holds the two to the same
 * pixels. With `scratch`, the pixels are valid only until the next scratch call.
 *
 * Each layer is filled by exact-area coverage accumulation (as font-rs does): every segment adds its
 * signed area to the cells it crosses, and a sweep along each row sums them into coverage. Touching
 * shapes of one layer (rounded modules side by side) then meet without seams, like one path.
 */
export function rasteriseDrawing(drawing: Drawing, widthPx: number, scratch = false): Pixels {
  const { width, height } = rasterSize(drawing, widthPx);
  const [sx, sy] = [width / drawing.width, height / drawing.height];
  const bytes = scratch ? scratchBytes(width * height * 4) : new Uint8Array(width * height * 4);
  const out = new Uint32Array(bytes.buffer, bytes.byteOffset, width * height);
  out.fill(0xffffffff); // opaque white, as resvg's background
  const coverage = Coverage.sized(width, height);
  try {
    for (const layer of drawing.layers) {
      if (layer.d === '') continue;
      coverage.begin();
      flattenPath(layer.d, sx, sy, coverage.line);
      coverage.fill(out, new Painter(layer.paint, sx, sy), layer.evenOdd === true);
    }
  } catch (err) {
    // A layer that failed part-way left area in the cells: they are not handed to the next image.
    Coverage.discard(coverage);
    throw err;
  }
  for (const image of drawing.images) drawImage(out, width, height, image, sx, sy);
  return { width, height, data: new Uint8ClampedArray(bytes.buffer, bytes.byteOffset, width * height * 4) };
}

/**
 * One buffer, reused by every `scratch` rasterisation: a caller that encodes the pixels at once (a
 * PNG) saves allocating and first touching half a megabyte each time. The next scratch call overwrites it.
 */
let scratchBuffer = new Uint8Array(0);
function scratchBytes(length: number): Uint8Array {
  if (length > RETAINED_PIXELS * 4) return new Uint8Array(length);
  if (scratchBuffer.length < length) scratchBuffer = new Uint8Array(length);
  return scratchBuffer.subarray(0, length);
}

/**
 * Buffers kept for the next image only up to this many pixels (a 1,500 px square): a 4,096 px PNG
 * needs some 80 MB of them, which one such download should not hold for the life of the process.
 */
const RETAINED_PIXELS = 2_250_000;

/**
 * A paint's colour at a pixel's centre, as an RGBA word (0xAABBGGRR, how a Uint32Array over RGBA
 * bytes reads on little-endian machines). A linear gradient's position is an affine function of the
 * pixel (t = ax·x + ay·y + a0); a radial one's is the distance from its centre.
 */
class Painter {
  readonly solid: boolean;
  readonly word: number;
  private readonly radial: boolean;
  /** The gradient's colour at t = i / 255: finer steps than 8-bit channels can show. */
  private readonly ramp: Uint32Array;
  private readonly ax: number;
  private readonly ay: number;
  private readonly a0: number;

  constructor(
    paint: Paint,
    private readonly sx: number,
    private readonly sy: number,
  ) {
    this.solid = paint.kind === 'solid';
    this.radial = paint.kind === 'radial';
    const from = channels(paint.kind === 'solid' ? paint.color : paint.start);
    const to = channels(paint.kind === 'solid' ? paint.color : paint.end);
    this.word = rgbaWord(from[0], from[1], from[2]);
    this.ramp = new Uint32Array(this.solid ? 0 : 256);
    for (let i = 0; i < this.ramp.length; i++) {
      const t = i / 255;
      this.ramp[i] = rgbaWord(from[0] + (to[0] - from[0]) * t + 0.5, from[1] + (to[1] - from[1]) * t + 0.5, from[2] + (to[2] - from[2]) * t + 0.5);
    }
    if (paint.kind === 'linear') {
      const [gx, gy] = [paint.x2 - paint.x1, paint.y2 - paint.y1];
      const length2 = gx * gx + gy * gy || 1;
      [this.ax, this.ay] = [gx / sx / length2, gy / sy / length2];
      this.a0 = ((0.5 / sx - paint.x1) * gx + (0.5 / sy - paint.y1) * gy) / length2;
    } else if (paint.kind === 'radial') {
      // Distances in drawing units: centre and radius kept, pixels scaled back.
      [this.ax, this.ay, this.a0] = [paint.cx, paint.cy, paint.r];
    } else {
      [this.ax, this.ay, this.a0] = [0, 0, 0];
    }
  }

  at(x: number, y: number): number {
    if (this.solid) return this.word;
    const t = this.radial ? Math.hypot((x + 0.5) / this.sx - this.ax, (y + 0.5) / this.sy - this.ay) / this.a0 : this.ax * x + this.ay * y + this.a0;
    return this.ramp[t <= 0 ? 0 : t >= 1 ? 255 : (t * 255 + 0.5) | 0];
  }
}

function channels(color: string): [number, number, number] {
  const rgb = parseInt(color.slice(1, 7), 16);
  return [rgb >>> 16, (rgb >>> 8) & 255, rgb & 255];
}

/** An opaque RGBA word from channels (fractions truncated). */
function rgbaWord(r: number, g: number, b: number): number {
  return (0xff000000 | ((b & 255) << 16) | ((g & 255) << 8) | (r & 255)) >>> 0;
}

/** `word` laid over the pixel `under` with coverage `cover` (0 to 1), both opaque. */
function blend(word: number, under: number, cover: number): number {
  const keep = 1 - cover;
  return rgbaWord(
    (word & 255) * cover + (under & 255) * keep + 0.5,
    ((word >>> 8) & 255) * cover + ((under >>> 8) & 255) * keep + 0.5,
    ((word >>> 16) & 255) * cover + ((under >>> 16) & 255) * keep + 0.5,
  );
}

/**
 * One layer's signed area per cell. A cell's value is the change in winding (weighted by area) from the
 * cell before it; `fill` sums them along each row. Rows remember the cells they touched, so a sweep
 * reads only from the first to the last of them.
 */
class Coverage {
  private readonly cells: Float32Array;
  private readonly stride: number;
  private readonly rowFirst: Int32Array;
  private readonly rowLast: Int32Array;
  // Rows the current layer touched carry its generation, so `begin` need not clear every row.
  private readonly rowGeneration: Uint32Array;
  private generation = 0;
  private top = 0;
  private bottom = -1;

  // Cells are all zero again after each layer's fill, so the last size's are kept for the next image.
  private static last: Coverage | null = null;
  static discard(coverage: Coverage): void {
    if (Coverage.last === coverage) Coverage.last = null;
  }

  static sized(width: number, height: number): Coverage {
    if (width * height > RETAINED_PIXELS) return new Coverage(width, height);
    if (Coverage.last?.width !== width || Coverage.last.height !== height) Coverage.last = new Coverage(width, height);
    return Coverage.last;
  }

  // One flag per 16 cells of a row: set where a segment left area, so a sweep skips the rest 16 at a time.
  private readonly blocks: Uint8Array;
  private readonly blocksPerRow: number;

  private constructor(
    private readonly width: number,
    private readonly height: number,
  ) {
    // Two cells past the right edge take what a segment at or beyond it leaves.
    this.stride = width + 2;
    this.cells = new Float32Array(this.stride * height);
    this.rowFirst = new Int32Array(height);
    this.rowLast = new Int32Array(height);
    this.rowGeneration = new Uint32Array(height);
    this.blocksPerRow = (this.stride >> 4) + 1;
    this.blocks = new Uint8Array(this.blocksPerRow * height);
  }

  begin(): void {
    this.generation++;
    this.top = this.height;
    this.bottom = -1;
  }

  /**
   * Adds one segment, in pixels. A part left or right of the image is drawn on the image's edge it lies
   * beyond (what lies left of the image covers its whole row), so the segment is cut where it crosses
   * x = 0 or x = width.
   */
  readonly line = (ax: number, ay: number, bx: number, by: number): void => {
    if (ay === by) return;
    const w = this.width;
    if (ax >= 0 && bx >= 0 && ax <= w && bx <= w) return this.edge(ax, ay, bx, by);
    const cuts = [0, 1];
    for (const bound of [0, w]) if ((ax - bound) * (bx - bound) < 0) cuts.push((bound - ax) / (bx - ax));
    cuts.sort((a, b) => a - b);
    const clamp = (x: number) => (x < 0 ? 0 : x > w ? w : x);
    for (let i = 0; i + 1 < cuts.length; i++) {
      const [t0, t1] = [cuts[i], cuts[i + 1]];
      this.edge(clamp(ax + (bx - ax) * t0), ay + (by - ay) * t0, clamp(ax + (bx - ax) * t1), ay + (by - ay) * t1);
    }
  };

  /** Adds one segment that lies within the image's columns (0 to width). */
  private edge(ax: number, ay: number, bx: number, by: number): void {
    if (ay === by) return;
    const dir = ay < by ? 1 : -1;
    let x0 = dir === 1 ? ax : bx;
    let y0 = dir === 1 ? ay : by;
    let x1 = dir === 1 ? bx : ax;
    let y1 = dir === 1 ? by : ay;
    if (y1 <= 0 || y0 >= this.height) return;
    const dxdy = (x1 - x0) / (y1 - y0);
    if (y0 < 0) {
      x0 -= y0 * dxdy;
      y0 = 0;
    }
    if (y1 > this.height) {
      x1 -= (y1 - this.height) * dxdy;
      y1 = this.height;
    }
    const maxX = this.width;
    const cells = this.cells;
    const first = Math.floor(y0);
    const last = Math.ceil(y1);
    if (first < this.top) this.top = first;
    if (last - 1 > this.bottom) this.bottom = last - 1;
    let x = x0;
    for (let row = first; row < last; row++) {
      const dy = Math.min(row + 1, y1) - Math.max(row, y0);
      const xNext = x + dxdy * dy;
      const d = dy * dir;
      let xa = x < xNext ? x : xNext;
      let xb = x < xNext ? xNext : x;
      // `line` cut the segment to the image's columns; this only absorbs rounding (x a hair below 0 would write into the row before).
      xa = xa < 0 ? 0 : xa > maxX ? maxX : xa;
      xb = xb < 0 ? 0 : xb > maxX ? maxX : xb;
      const base = row * this.stride;
      const xaFloor = Math.floor(xa);
      const xbCeil = Math.ceil(xb);
      let lastCell: number;
      if (xbCeil <= xaFloor + 1) {
        // Within one cell: the part of the cell right of the segment's middle is covered.
        const mid = 0.5 * (xa + xb) - xaFloor;
        cells[base + xaFloor] += d - d * mid;
        cells[base + xaFloor + 1] += d * mid;
        lastCell = xaFloor + 1;
      } else {
        const s = 1 / (xb - xa);
        const fa = xa - xaFloor;
        const a0 = 0.5 * s * (1 - fa) * (1 - fa);
        const fb = xb - xbCeil + 1;
        const am = 0.5 * s * fb * fb;
        cells[base + xaFloor] += d * a0;
        if (xbCeil === xaFloor + 2) {
          cells[base + xaFloor + 1] += d * (1 - a0 - am);
        } else {
          const a1 = s * (1.5 - fa);
          cells[base + xaFloor + 1] += d * (a1 - a0);
          for (let xi = xaFloor + 2; xi < xbCeil - 1; xi++) cells[base + xi] += d * s;
          const a2 = a1 + (xbCeil - xaFloor - 3) * s;
          cells[base + xbCeil - 1] += d * (1 - a2 - am);
        }
        cells[base + xbCeil] += d * am;
        lastCell = xbCeil;
      }
      for (let block = xaFloor >> 4, blocks = row * this.blocksPerRow; block <= lastCell >> 4; block++) this.blocks[blocks + block] = 1;
      if (this.rowGeneration[row] === this.generation) {
        if (xaFloor < this.rowFirst[row]) this.rowFirst[row] = xaFloor;
        if (lastCell > this.rowLast[row]) this.rowLast[row] = lastCell;
      } else {
        this.rowGeneration[row] = this.generation;
        this.rowFirst[row] = xaFloor;
        this.rowLast[row] = lastCell;
      }
      x = xNext;
    }
  }

  /**
   * Paints the layer's coverage over `out` and clears the cells. Between cells a segment touched the
   * coverage stays what it was, so such runs are skipped or filled whole.
   */
  fill(out: Uint32Array, paint: Painter, evenOdd: boolean): void {
    const { cells, stride, width, blocks } = this;
    for (let row = this.top; row <= this.bottom; row++) {
      if (this.rowGeneration[row] !== this.generation) continue;
      const base = row * stride;
      const rowBlocks = row * this.blocksPerRow;
      const pixels = row * width;
      const end = Math.min(this.rowLast[row], width + 1);
      let sum = 0;
      let x = this.rowFirst[row];
      while (x <= end) {
        sum += cells[base + x];
        cells[base + x] = 0;
        let cover = sum < 0 ? -sum : sum;
        if (cover > 1) {
          if (evenOdd) {
            cover -= 2 * Math.floor(cover / 2);
            if (cover > 1) cover = 2 - cover;
          } else cover = 1;
        }
        // The run of untouched cells after this one, where coverage holds.
        let next = x + 1;
        while (next <= end) {
          if (blocks[rowBlocks + (next >> 4)] === 0) next = ((next >> 4) + 1) << 4;
          else if (cells[base + next] === 0) next++;
          else break;
        }
        if (next > end) next = end + 1;
        const runEnd = next < width ? next : width;
        if (cover > 1 - 1 / 512) {
          // TypedArray fill costs a call; short runs are cheaper set one by one.
          if (paint.solid && runEnd - x > 16) out.fill(paint.word, pixels + x, pixels + runEnd);
          else if (paint.solid) for (let px = pixels + x; px < pixels + runEnd; px++) out[px] = paint.word;
          else for (let px = x; px < runEnd; px++) out[pixels + px] = paint.at(px, row);
        } else if (cover >= 1 / 512) {
          for (let px = x; px < runEnd; px++) out[pixels + px] = blend(paint.at(px, row), out[pixels + px], cover);
        }
        x = next;
      }
      for (let block = this.rowFirst[row] >> 4; block <= end >> 4; block++) blocks[rowBlocks + block] = 0;
    }
  }
}

/**
 * A logo over the pixels: fitted and centred in its box ("xMidYMid meet", as the SVG says), sampled
 * bilinearly from its rendition at about the size shown. The rendition is premultiplied, so edges
 * blend without dark fringes.
 */
function drawImage(out: Uint32Array, width: number, height: number, image: PlacedImage, sx: number, sy: number): void {
  const fit = image.side / Math.max(image.width, image.height);
  const [w, h] = [image.width * fit * sx, image.height * fit * sy];
  const left = image.x * sx + (image.side * sx - w) / 2;
  const top = image.y * sy + (image.side * sy - h) / 2;
  const source = logoPixels(image, Math.max(w, h));
  const [scaleX, scaleY, srcWidth] = [source.width / w, source.height / h, source.width];
  const src = source.data;
  for (let y = Math.max(0, Math.floor(top)); y < Math.min(height, Math.ceil(top + h)); y++) {
    const v = Math.min(source.height - 1, Math.max(0, (y + 0.5 - top) * scaleY - 0.5));
    const y0 = Math.floor(v);
    const fy = v - y0;
    const row0 = y0 * srcWidth;
    const row1 = Math.min(source.height - 1, y0 + 1) * srcWidth;
    const rowPart = overlap(y, top, top + h);
    for (let x = Math.max(0, Math.floor(left)); x < Math.min(width, Math.ceil(left + w)); x++) {
      const u = Math.min(srcWidth - 1, Math.max(0, (x + 0.5 - left) * scaleX - 0.5));
      const x0 = Math.floor(u);
      const fx = u - x0;
      const x1 = Math.min(srcWidth - 1, x0 + 1);
      // The four neighbours' byte offsets and weights.
      const [p00, p10, p01, p11] = [(row0 + x0) * 4, (row0 + x1) * 4, (row1 + x0) * 4, (row1 + x1) * 4];
      const [w00, w10, w01, w11] = [(1 - fx) * (1 - fy), fx * (1 - fy), (1 - fx) * fy, fx * fy];
      // A pixel the picture's box covers only in part takes that part of it (premultiplied, so every channel scales alike).
      const part = overlap(x, left, left + w) * rowPart;
      const alpha = ((src[p00 + 3] * w00 + src[p10 + 3] * w10 + src[p01 + 3] * w01 + src[p11 + 3] * w11) / 255) * part;
      if (alpha <= 0) continue;
      const at = y * width + x;
      const under = out[at];
      const keep = 1 - alpha;
      out[at] = rgbaWord(
        Math.min(255, (src[p00] * w00 + src[p10] * w10 + src[p01] * w01 + src[p11] * w11) * part + (under & 255) * keep + 0.5),
        Math.min(255, (src[p00 + 1] * w00 + src[p10 + 1] * w10 + src[p01 + 1] * w01 + src[p11 + 1] * w11) * part + ((under >>> 8) & 255) * keep + 0.5),
        Math.min(255, (src[p00 + 2] * w00 + src[p10 + 2] * w10 + src[p01 + 2] * w01 + src[p11 + 2] * w11) * part + ((under >>> 16) & 255) * keep + 0.5),
      );
    }
  }
}

/** How much of pixel [p, p + 1) lies within [from, to). */
function overlap(p: number, from: number, to: number): number {
  return Math.max(0, Math.min(p + 1, to) - Math.max(p, from));
}
