import { Resvg } from '@resvg/resvg-js';
import { encodeText, renderSvg } from '@qr/qr-render';
import { DEFAULT_DESIGN } from '../design/design';
import { drawDesign } from '../draw/draw-design';
import { drawingToSvg } from './drawing-to-svg';

const svgToPixels = (svg: string, widthPx: number) => {
  const image = new Resvg(svg, { fitTo: { mode: 'width', value: widthPx }, background: '#ffffff', font: { loadSystemFonts: false } }).render();
  return { width: image.width, height: image.height, data: image.pixels };
};

/**
 * A code without a design gets qr-render's plain SVG (one stroked path of runs); its PNG is the default
 * design drawn here. Both SVGs, rasterised alike, must colour every module and quiet-zone module the same.
 */
describe('the plain renderer draws what the default design draws', () => {
  it.each([
    ['a short link', 'https://qr.example/AbC12xY'],
    ['Wi-Fi with non-ASCII', 'WIFI:T:WPA;S:Café;P:pässwörd;;'],
    ['300 characters (version 10)', 'x'.repeat(300)],
  ])('%s', (_name, text) => {
    const matrix = encodeText(text, { ecc: 'M' });
    const side = matrix.size + 2 * DEFAULT_DESIGN.margin;
    const scale = 6;
    const designed = svgToPixels(drawingToSvg(drawDesign(matrix, DEFAULT_DESIGN)), side * scale);
    const plain = svgToPixels(renderSvg(matrix, { margin: DEFAULT_DESIGN.margin }), side * scale);
    expect([designed.width, designed.height]).toEqual([plain.width, plain.height]);
    const darkAt = (image: typeof plain, x: number, y: number) => image.data[((y * scale + scale / 2) * image.width + x * scale + scale / 2) * 4] < 128;
    let dark = 0;
    for (let y = 0; y < side; y++) {
      for (let x = 0; x < side; x++) {
        expect([x, y, darkAt(designed, x, y)]).toEqual([x, y, darkAt(plain, x, y)]);
        if (darkAt(plain, x, y)) dark++;
      }
    }
    expect(dark).toBeGreaterThan(side);
  });
});
