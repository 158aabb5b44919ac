import type { QrMatrix } from '@qr/qr-render';
import type { Design } from '../design/design';
import { textPath } from './frame-text';
import { rect, roundedRect } from './shapes';
import { alignmentPath, eyeCentresPath, eyeRingsPath, modulesPath } from './symbol-geometry';

/** What fills a shape: a colour, or a gradient between two colours in drawing units. */
export type Paint =
  | { kind: 'solid'; color: string }
  | { kind: 'linear'; x1: number; y1: number; x2: number; y2: number; start: string; end: string }
  | { kind: 'radial'; cx: number; cy: number; r: number; start: string; end: string };

export interface Layer {
  /** SVG path data, in drawing units (one unit = one module). */
  d: string;
  paint: Paint;
  evenOdd?: boolean;
}

/**
 * A designed code as filled paths, back to front, in module units: the one description every output
 * (SVG, PNG through resvg, vector PDF and print sheets) draws, so they cannot disagree.
 */
export interface Drawing {
  width: number;
  height: number;
  layers: Layer[];
  /** Pictures over the layers (the logo): a PNG fitted, centred, into its box. */
  images: PlacedImage[];
  /** Where the symbol with its quiet zone sits (for a caller that places a logo, or crops). */
  symbol: { x: number; y: number; side: number };
}

/** A logo's pixels, as stored (a PNG we encoded). */
export interface LogoImage {
  png: Buffer;
  width: number;
  height: number;
}

export interface PlacedImage extends LogoImage {
  x: number;
  y: number;
  /** The box's side; the picture keeps its proportions inside it. */
  side: number;
}

/** Frame proportions, as fractions of the symbol's side with its quiet zone. */
const FRAME_BORDER = 0.05;
const FRAME_LABEL = 0.22;

/**
 * Lays out a design around a symbol.
 *
 * @example
 * drawingToSvg(drawDesign(encodeText('https://qr.example/AbC12xY'), { ...DEFAULT_DESIGN, modules: 'dots' }))
 */
export function drawDesign(matrix: QrMatrix, design: Design, logo: LogoImage | null = null): Drawing {
  if (design.logo && !logo) throw new Error(`the design's logo ${design.logo.id} was not given to draw`);
  const { side, border, label, width, height } = layoutOf(matrix.size, design);
  const frame = design.frame;
  const symbolY = frame?.position === 'above' ? border + label : border;
  const symbol = { x: border, y: symbolY, side };
  const layers: Layer[] = [];
  if (frame) {
    layers.push({ d: roundedRect(0, 0, width, height, border * 2), paint: { kind: 'solid', color: frame.color } });
    layers.push({ d: roundedRect(symbol.x, symbol.y, side, side, border), paint: { kind: 'solid', color: design.background } });
    const bandTop = frame.position === 'above' ? 0 : symbolY + side;
    layers.push({
      d: textPath(frame.text, { centreX: width / 2, baseline: bandTop + (border + label) * 0.66, height: label * 0.62, maxWidth: width - 4 * border }),
      paint: { kind: 'solid', color: frame.text_color },
    });
  } else {
    layers.push({ d: rect(0, 0, width, height), paint: { kind: 'solid', color: design.background } });
  }
  // The symbol's own origin: its quiet zone's top left plus the margin.
  const origin = { x: symbol.x + design.margin, y: symbol.y + design.margin };
  const modulesPaint = paintOf(design, origin, matrix.size);
  const eyePaint: Paint = design.eyes.color ? { kind: 'solid', color: design.eyes.color } : modulesPaint;
  const patch = design.logo ? logoPatch(matrix.size, design.logo.size) : null;
  // Behind a logo with a background, the modules are left out (the logo covers them anyway; error correction H restores them).
  const cleared = patch && design.logo!.background ? patch.cleared : null;
  layers.push({ d: modulesPath(matrix, design.modules, origin, cleared), paint: modulesPaint });
  if (design.modules !== 'square') layers.push({ d: alignmentPath(matrix, origin), paint: modulesPaint, evenOdd: true });
  layers.push({ d: eyeRingsPath(matrix.size, design.eyes.outer, origin), paint: eyePaint, evenOdd: true });
  layers.push({ d: eyeCentresPath(matrix.size, design.eyes.inner, origin), paint: eyePaint });
  const images: PlacedImage[] = [];
  if (patch && logo) {
    if (cleared) {
      const c = cleared;
      layers.push({ d: roundedRect(origin.x + c.x, origin.y + c.y, c.side, c.side, 0.6), paint: { kind: 'solid', color: design.background } });
    }
    images.push({ ...logo, x: origin.x + patch.box.x, y: origin.y + patch.box.y, side: patch.box.side });
  }
  return { width, height, layers, images, symbol };
}

function paintOf(design: Design, origin: { x: number; y: number }, n: number): Paint {
  const g = design.gradient;
  if (!g) return { kind: 'solid', color: design.foreground };
  const [cx, cy] = [origin.x + n / 2, origin.y + n / 2];
  if (g.type === 'radial') return { kind: 'radial', cx, cy, r: (n / 2) * Math.SQRT2, start: g.start, end: g.end };
  const angle = (g.rotation * Math.PI) / 180;
  const [dx, dy] = [(Math.cos(angle) * n) / 2, (Math.sin(angle) * n) / 2];
  return { kind: 'linear', x1: cx - dx, y1: cy - dy, x2: cx + dx, y2: cy + dy, start: g.start, end: g.end };
}

/** The drawing's proportions, in module units: the symbol with its quiet zone, the frame's border and label band. */
export function layoutOf(symbolSize: number, design: Pick<Design, 'margin' | 'frame'>) {
  const side = symbolSize + 2 * design.margin;
  const border = design.frame ? side * FRAME_BORDER : 0;
  const label = design.frame ? side * FRAME_LABEL : 0;
  return { side, border, label, width: side + 2 * border, height: side + 2 * border + label };
}

/**
 * Where a logo goes, in module units from the symbol's top-left module: its box (`size` of the
 * symbol's side, centred), and the square of whole modules cleared behind it (the box plus half a
 * module of padding, out to module edges).
 */
export function logoPatch(symbolSize: number, size: number): { box: { x: number; y: number; side: number }; cleared: { x: number; y: number; side: number } } {
  const side = symbolSize * size;
  const start = (symbolSize - side) / 2;
  const from = Math.floor(start - 0.5);
  const to = Math.ceil(start + side + 0.5);
  return { box: { x: start, y: start, side }, cleared: { x: from, y: from, side: to - from } };
}
