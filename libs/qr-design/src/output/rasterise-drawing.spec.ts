import { encodeText } from '@qr/qr-render';
import { DEFAULT_DESIGN, type Design, EYE_SHAPES, MODULE_SHAPES } from '../design/design';
import { drawDesign, layoutOf, type LogoImage } from '../draw/draw-design';
import { prepareLogo } from '../logos/prepare-logo';
import { designedPixels, designedPixelsReference, svgToPixels } from './drawing-to-pixels';
import { drawingToSvg } from './drawing-to-svg';
import { DECODERS } from '../check/decoders';
import { type Pixels, rasteriseDrawing } from './rasterise-drawing';

const PAYLOAD = 'https://qr.example/AbC12xY';
const STAR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle cx="50" cy="50" r="48" fill="#c2185b"/>' +
  '<polygon points="50,12 61,40 91,40 67,58 76,88 50,70 24,88 33,58 9,40 39,40" fill="#fff"/></svg>';

/** Per channel, how far two same-sized images are apart. */
function difference(a: Pixels, b: Pixels) {
  let sum = 0;
  let far = 0;
  let max = 0;
  let channels = 0;
  for (let i = 0; i < a.data.length; i++) {
    if (i % 4 === 3) continue;
    const d = Math.abs(a.data[i] - b.data[i]);
    sum += d;
    if (d > 32) far++;
    if (d > max) max = d;
    channels++;
  }
  return { mean: sum / channels, farShare: far / channels, max };
}

/**
 * Each module centre's luminance (0 to 255), where a decoder's binariser looks. A centre can sit on an
 * anti-aliased edge (a rounded eye's corner), so it is compared only where the reference is clearly
 * dark or light.
 */
function moduleCentres(image: Pixels, matrixSize: number, design: Design): number[] {
  const layout = layoutOf(matrixSize, design);
  const unit = image.width / layout.width;
  const top = design.frame?.position === 'above' ? layout.border + layout.label : layout.border;
  const luminance: number[] = [];
  for (let y = 0; y < matrixSize; y++) {
    for (let x = 0; x < matrixSize; x++) {
      const px = Math.floor((layout.border + design.margin + x + 0.5) * unit);
      const py = Math.floor((top + design.margin + y + 0.5) * unit);
      const at = (py * image.width + px) * 4;
      luminance.push(0.2126 * image.data[at] + 0.7152 * image.data[at + 1] + 0.0722 * image.data[at + 2]);
    }
  }
  return luminance;
}

/** Modules the reference shows clearly dark or light that ours shows on the other side of half grey. */
function modulesSeenOtherwise(ours: number[], reference: number[]): number[] {
  return reference.flatMap((ref, i) => ((ref < 96 && ours[i] >= 128) || (ref > 160 && ours[i] < 128) ? [i] : []));
}

/**
 * The fast path (our rasteriser) against the reference (resvg drawing the same drawing's SVG): the
 * same size, every module centre the same side of half grey, anti-aliased edges within a few levels
 * on average, and both images read back by both decoders.
 */
describe('rasteriseDrawing draws what resvg draws', () => {
  let logo: LogoImage;
  beforeAll(async () => {
    const prepared = await prepareLogo(Buffer.from(STAR_SVG));
    logo = { png: prepared.png, width: prepared.width, height: prepared.height };
  });

  const gradients: Array<Design['gradient']> = [
    null,
    { type: 'linear', start: '#1a237e', end: '#4a148c', rotation: 45 },
    { type: 'radial', start: '#000000', end: '#1b5e20', rotation: 0 },
  ];
  const frames: Array<Design['frame']> = [
    null,
    { position: 'below', text: 'Scan me', color: '#1a237e', text_color: '#ffffff' },
    { position: 'above', text: 'メニュー امسح', color: '#1b5e20', text_color: '#ffffff' },
  ];
  const logos: Array<Design['logo']> = [
    null,
    { id: 'logo_000000000000000000000000', size: 0.2, background: true },
    { id: 'logo_000000000000000000000000', size: 0.3, background: false },
  ];
  // Each shape meets every eye shape, gradient, frame and logo option once (rotating through them).
  const cases = MODULE_SHAPES.flatMap((modules, m) =>
    EYE_SHAPES.map((outer, e): [string, Design] => {
      const design: Design = {
        ...DEFAULT_DESIGN,
        modules,
        eyes: { outer, inner: EYE_SHAPES[(e + m) % 3], color: e === 2 ? '#c2185b' : null },
        gradient: gradients[(e + m) % 3],
        frame: frames[(e + 2 * m) % 3],
        logo: logos[(2 * e + m) % 3],
        margin: 2 + ((e + m) % 3),
      };
      const name = `${modules} modules, ${outer}/${design.eyes.inner} eyes, ${design.gradient?.type ?? 'no'} gradient, frame ${design.frame?.position ?? 'none'}, logo ${design.logo?.size ?? 'none'}`;
      return [name, design];
    }),
  );

  it.each(cases)('%s', async (_name, design) => {
    const matrix = encodeText(PAYLOAD, { ecc: design.logo ? 'H' : 'M' });
    const image = design.logo ? logo : null;
    // The check's 2 cm size, a width that gives fractional module sizes, and the API's default.
    for (const width of [236, 301, Math.round(layoutOf(matrix.size, design).width * 8)]) {
      const ours = designedPixels(matrix, design, image, width);
      const reference = designedPixelsReference(matrix, design, image, width);
      expect([ours.width, ours.height]).toEqual([reference.width, reference.height]);
      const centres = [moduleCentres(ours, matrix.size, design), moduleCentres(reference, matrix.size, design)];
      expect(modulesSeenOtherwise(centres[0], centres[1])).toEqual([]);
      // Few centres are on an edge at all (the check is not vacuous).
      expect(centres[1].filter((l) => l >= 96 && l <= 160).length).toBeLessThan(matrix.size);
      const d = difference(ours, reference);
      expect(d.mean).toBeLessThan(3);
      expect(d.farShare).toBeLessThan(0.001);
      expect(d.max).toBeLessThan(112);
      if (width === 236) {
        // At 2 cm, both decoders read both images alike; the largest logo without a padded background
        // is at their edge (the check refuses such a design when either fails), the rest must read.
        for (const decode of Object.values(DECODERS)) {
          const read = [await decode(ours), await decode(reference)];
          expect(read[0]).toBe(read[1]);
          if (!(design.logo?.size === 0.3 && !design.logo.background)) expect(read[0]).toBe(PAYLOAD);
        }
      }
    }
  });

  it('a scratch rasterisation gives the same pixels, in a buffer the next one reuses (unless it is large)', () => {
    const drawing = drawDesign(encodeText(PAYLOAD), { ...DEFAULT_DESIGN, modules: 'dots' });
    const fresh = rasteriseDrawing(drawing, 200);
    const scratch = rasteriseDrawing(drawing, 200, true);
    expect(Buffer.from(scratch.data).equals(Buffer.from(fresh.data))).toBe(true);
    const again = rasteriseDrawing(drawing, 200, true);
    expect(again.data.buffer).toBe(scratch.data.buffer);
    expect(rasteriseDrawing(drawing, 200).data.buffer).not.toBe(fresh.data.buffer);
    // A large image's pixels are not kept for the next one.
    const large = rasteriseDrawing(drawing, 1800, true);
    expect([large.width, large.height]).toEqual([1800, 1800]);
    expect(rasteriseDrawing(drawing, 1800, true).data.buffer).not.toBe(large.data.buffer);
    expect(Buffer.from(large.data.subarray(0, 4 * 1800 * 10)).equals(Buffer.from(rasteriseDrawing(drawing, 1800).data.subarray(0, 4 * 1800 * 10)))).toBe(true);
  });
});

describe('coverage is exact area', () => {
  const drawingOf = (d: string, evenOdd = false) => ({
    width: 40,
    height: 40,
    layers: [{ d, paint: { kind: 'solid' as const, color: '#000000' }, evenOdd }],
    images: [],
    symbol: { x: 0, y: 0, side: 40 },
  });
  /** The painted area in pixels: each pixel's darkness (0 to 1) summed. */
  const area = (image: Pixels) => {
    let sum = 0;
    for (let i = 0; i < image.data.length; i += 4) sum += (255 - image.data[i]) / 255;
    return sum;
  };

  it.each([
    ['a rectangle on fractional pixels', 'M3.25 4.5h10.5v7.25h-10.5z', 10.5 * 7.25],
    ['compact numbers and an implicit lineto', 'M3.25,4.5 13.75 4.5 13.75 11.75 3.25 11.75z', 10.5 * 7.25],
    ['a slanted triangle', 'M5 5L30 9L12 33Z', Math.abs((30 - 5) * (33 - 5) - (12 - 5) * (9 - 5)) / 2],
    ['a circle as two arcs', 'M5 20a15 15 0 1 0 30 0a15 15 0 1 0 -30 0z', Math.PI * 15 * 15],
    ['two touching squares (no seam, no double count)', 'M2 2h10v10h-10zM12 2h10v10h-10z', 200],
    ['a subpath left open (closed for filling)', 'M2 2h10v10h-10', 100],
    ['a quadratic and a cubic curve (as resvg fills it)', 'M4 20Q20 -4 36 20C30 36 10 36 4 20z', null],
    ['relative curves (as resvg fills them)', 'M4 20q16 -24 32 0c-6 16 -26 16 -32 0z', null],
    ['a rectangle partly left of the image', 'M-5 5h20v25h-20z', 15 * 25],
    ['a triangle across both side edges (as resvg fills it)', 'M-10 2L50 18L-10 37Z', null],
  ])('%s', (_name, d, expected) => {
    const ours = area(rasteriseDrawing(drawingOf(d), 40));
    const resvg = area(svgToPixels(drawingToSvg(drawingOf(d)), 40));
    expect(Math.abs(ours - resvg) / resvg).toBeLessThan(0.003);
    // Chords cut a curve short by up to 0.1 px (resvg's too): within 1 % of the true area.
    if (expected !== null) expect(Math.abs(ours - expected) / expected).toBeLessThan(0.01);
  });

  it('fills a ring by even-odd and by opposite windings alike, and a nested same-way square twice under nonzero', () => {
    const ring = 'M5 5h30v30h-30zM10 10h20v20h-20z';
    expect(area(rasteriseDrawing(drawingOf(ring, true), 40))).toBeCloseTo(900 - 400, 0);
    expect(area(rasteriseDrawing(drawingOf('M5 5h30v30h-30zM10 10v20h20v-20z'), 40))).toBeCloseTo(900 - 400, 0);
    expect(area(rasteriseDrawing(drawingOf(ring), 40))).toBeCloseTo(900, 0);
  });

  it('refuses path data it cannot read', () => {
    expect(() => rasteriseDrawing(drawingOf('M1 1 X 3'), 40)).toThrow(/not drawn|number was expected/);
    expect(() => rasteriseDrawing(drawingOf('M0 0h10v10z 2 2'), 40)).toThrow(/command letter/);
    expect(() => rasteriseDrawing(drawingOf('3 4'), 40)).toThrow(/command letter/);
  });

  it('cuts a segment where it leaves the image: a pixel on the left edge gets its exact share', () => {
    const image = rasteriseDrawing({ ...drawingOf('M-1 0L1 1L1 4L-1 4Z'), width: 4, height: 4 }, 4);
    // Pixel (0, 0): the triangle between x = 0 and the slanted edge y = (x + 1) / 2 covers a quarter of it.
    expect((255 - image.data[0]) / 255).toBeCloseTo(0.25, 2);
  });

  it('leaves nothing behind for the next image when a layer fails part-way', () => {
    const good = drawingOf('M5 5h30v30h-30z');
    const before = Buffer.from(rasteriseDrawing(good, 40).data);
    expect(() => rasteriseDrawing(drawingOf('M0 0L20 0L20 20L0 20 T1 1'), 40)).toThrow(/not drawn/);
    expect(Buffer.from(rasteriseDrawing(good, 40).data).equals(before)).toBe(true);
  });
});
