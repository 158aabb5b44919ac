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
  /** Where the symbol with its quiet zone sits (for a caller that places a logo, or crops). */
  symbol: { x: number; y: number; side: number };
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
export function drawDesign(matrix: QrMatrix, design: Design): Drawing {
  const side = matrix.size + 2 * design.margin;
  const frame = design.frame;
  const border = frame ? side * FRAME_BORDER : 0;
  const label = frame ? side * FRAME_LABEL : 0;
  const width = side + 2 * border;
  const height = side + 2 * border + label;
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
  layers.push({ d: modulesPath(matrix, design.modules, origin), paint: modulesPaint });
  if (design.modules !== 'square') layers.push({ d: alignmentPath(matrix, origin), paint: modulesPaint, evenOdd: true });
  layers.push({ d: eyeRingsPath(matrix.size, design.eyes.outer, origin), paint: eyePaint, evenOdd: true });
  layers.push({ d: eyeCentresPath(matrix.size, design.eyes.inner, origin), paint: eyePaint });
  return { width, height, layers, symbol };
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
