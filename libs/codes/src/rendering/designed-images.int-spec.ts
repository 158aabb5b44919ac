import { CHECK_WIDTH_PX, checkScannability, DEFAULT_DESIGN, type Design, EYE_SHAPES, MODULE_SHAPES } from '@qr/qr-design';
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

const codeWith = (design: Design) => ({ id: 'qr_test', design, updated_at: 0 }) as unknown as QrCodeRecord;
const image = async (design: Design, format: 'svg' | 'png' | 'pdf', ecc: 'L' | 'M' | 'Q' | 'H', size: number | null) =>
  Buffer.from((await renderImage(codeWith(design), PAYLOAD, { format, size, margin: null, ecc })).bodyBase64, 'base64');

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
