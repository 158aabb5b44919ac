import { CHECK_WIDTH_PX, checkScannability, DEFAULT_DESIGN, type Design, EYE_SHAPES, type LogoImage, MODULE_SHAPES, prepareLogo } from '@qr/qr-design';
import sharp from 'sharp';
import { encodeText } from '@qr/qr-render';
import { decodeImage, decodePdf } from '@qr/testing';
import { type QrCodeRecord } from '../codes/qr-code-record';
import { renderImage } from './render-image';

/**
 * A third decoder, independent of the two the design check uses: ZBar (`zbarimg`) reads every design
 * the check accepts, from the images the API serves: the PNG at the check's size (2 cm at 300 dpi),
 * the SVG (rasterised by librsvg, not resvg) and the vector PDF (rasterised by poppler).
 */
const PAYLOAD = 'https://qr.example/AbC12xY';
const FRAMES: Array<Design['frame']> = [null, { position: 'below', text: 'Scan me', color: '#4a148c', text_color: '#ffffff' }];
const DESIGNS: Design[] = [
  ...MODULE_SHAPES.flatMap((modules) =>
    EYE_SHAPES.flatMap((shape) => FRAMES.map((frame) => ({ ...DEFAULT_DESIGN, modules, eyes: { outer: shape, inner: shape, color: null }, frame }))),
  ),
  { ...DEFAULT_DESIGN, modules: 'rounded', gradient: { type: 'linear', start: '#4a148c', end: '#0d47a1', rotation: 45 } },
  {
    ...DEFAULT_DESIGN,
    modules: 'dots',
    gradient: { type: 'radial', start: '#000000', end: '#1b5e20', rotation: 0 },
    eyes: { outer: 'rounded', inner: 'circle', color: '#c2185b' },
  },
  { ...DEFAULT_DESIGN, foreground: '#757575', modules: 'rounded', frame: { position: 'above', text: 'メニュー', color: '#000000', text_color: '#ffffff' } },
];

const codeWith = (design: Design | null) => ({ id: 'qr_test', design, updated_at: 0 }) as unknown as QrCodeRecord;
const image = (design: Design | null, format: 'svg' | 'png' | 'pdf', ecc: 'L' | 'M' | 'Q' | 'H', size: number | null) =>
  renderImage(codeWith(design), PAYLOAD, { format, size, margin: null, ecc });

describe.each(['L', 'M', 'Q', 'H'] as const)('zbar reads every accepted design at level %s', (ecc) => {
  it.each(
    DESIGNS.map(
      (d, i) =>
        [
          `${i}: ${d.modules}, ${d.eyes.outer} eyes, ${d.frame ? `frame ${d.frame.position}` : 'no frame'}${d.gradient ? `, ${d.gradient.type} gradient` : ''}`,
          d,
        ] as const,
    ),
  )('%s', async (_name, design) => {
    expect((await checkScannability(encodeText(PAYLOAD, { ecc }), PAYLOAD, design)).problems).toEqual([]);
    expect(decodeImage(await image(design, 'png', ecc, CHECK_WIDTH_PX), 'png')).toBe(PAYLOAD);
    expect(decodeImage(await image(design, 'svg', ecc, null), 'svg')).toBe(PAYLOAD);
    expect(decodePdf(await image(design, 'pdf', ecc, 144))).toBe(PAYLOAD);
  });
});

describe.each(['L', 'M', 'Q', 'H'] as const)('zbar reads a code without a design at level %s', (ecc) => {
  it.each([null, 150, 300])('PNG (size %s: whole pixels a module, black and white only), SVG and PDF', async (size) => {
    const png = await image(null, 'png', ecc, size);
    expect(decodeImage(png, 'png')).toBe(PAYLOAD);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const modules = encodeText(PAYLOAD, { ecc }).size + 8;
    expect(info.width % modules).toBe(0);
    expect(info.width).toBeLessThanOrEqual(size ?? modules * 8);
    expect(data.every((v) => v === 0 || v === 255)).toBe(true);
    expect(decodeImage(await image(null, 'svg', ecc, null), 'svg')).toBe(PAYLOAD);
    expect(decodePdf(await image(null, 'pdf', ecc, 144))).toBe(PAYLOAD);
  });
});

describe('zbar reads codes with a logo (error correction H), at every module shape, logo size and frame', () => {
  const STAR =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle cx="50" cy="50" r="48" fill="#c2185b"/>' +
    '<polygon points="50,12 61,40 91,40 67,58 76,88 50,70 24,88 33,58 9,40 39,40" fill="#fff"/></svg>';
  let logo: LogoImage;
  beforeAll(async () => {
    const prepared = await prepareLogo(Buffer.from(STAR));
    logo = { png: prepared.png, width: prepared.width, height: prepared.height };
  });
  const cases = MODULE_SHAPES.flatMap((modules) =>
    [0.1, 0.2, 0.3].flatMap((size) =>
      FRAMES.flatMap((frame) => [true, false].map((background) => ({ ...DEFAULT_DESIGN, modules, frame, logo: { id: 'logo_x', size, background } }) as Design)),
    ),
  );
  it.each(
    cases.map(
      (d) => [`${d.modules}, logo ${d.logo!.size} ${d.logo!.background ? 'on a patch' : 'over the modules'}, ${d.frame ? 'framed' : 'no frame'}`, d] as const,
    ),
  )('%s', async (_name, design) => {
    const report = await checkScannability(encodeText(PAYLOAD, { ecc: 'H' }), PAYLOAD, design, '/design', logo);
    expect(report.problems).toEqual([]);
    const code = codeWith(design);
    expect(decodeImage(await renderImage(code, PAYLOAD, { format: 'png', size: CHECK_WIDTH_PX, margin: null, ecc: 'L' }, logo), 'png')).toBe(PAYLOAD);
    expect(decodePdf(await renderImage(code, PAYLOAD, { format: 'pdf', size: 144, margin: null, ecc: 'L' }, logo))).toBe(PAYLOAD);
  });
});
