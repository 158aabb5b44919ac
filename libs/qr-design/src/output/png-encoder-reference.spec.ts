import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import { encodeRgbaPngAsync, encodeText } from '@qr/qr-render';
import { DEFAULT_DESIGN } from '../design/design';
import { drawDesign } from '../draw/draw-design';
import { drawingToSvg } from './drawing-to-svg';

/** Our PNG encoder (the fast path designed PNGs use) and resvg's (the reference) must give the same pixels. */
describe('designed PNGs: our encoder against resvg’s', () => {
  it.each([
    ['plain', DEFAULT_DESIGN],
    [
      'dots, gradient, frame',
      {
        ...DEFAULT_DESIGN,
        modules: 'dots' as const,
        gradient: { type: 'radial' as const, start: '#000000', end: '#1b5e20', rotation: 0 },
        frame: { position: 'above' as const, text: 'Scan me', color: '#1a237e', text_color: '#ffffff' },
      },
    ],
  ])('%s', async (_name, design) => {
    const svg = drawingToSvg(drawDesign(encodeText('https://qr.example/AbC12xY', { ecc: 'M' }), design));
    const image = new Resvg(svg, { fitTo: { mode: 'width', value: 333 }, background: '#ffffff', font: { loadSystemFonts: false } }).render();
    const [ours, theirs] = await Promise.all(
      [await encodeRgbaPngAsync(image.pixels, image.width, image.height), image.asPng()].map((png) =>
        sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true }),
      ),
    );
    expect(ours.info).toMatchObject({ width: theirs.info.width, height: theirs.info.height, channels: 4 });
    expect(ours.data.equals(theirs.data)).toBe(true);
  });
});
