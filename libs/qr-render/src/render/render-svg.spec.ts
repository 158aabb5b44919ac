import QRCode from 'qrcode';
import type { QrMatrix } from '../index';
import { encodeText, renderSvg } from '../index';

const URL = 'https://qr.example/AbC12xY';

/**
 * Replays the dark path's commands (M, m, h: all this renderer emits) and returns the modules
 * its 1-unit strokes cover, as "x,y" keys in viewBox coordinates.
 */
function modulesDrawn(d: string): Set<string> {
  const drawn = new Set<string>();
  let x = 0;
  let y = 0;
  for (const [, command, args] of d.matchAll(/([MmHh])([^MmHh]*)/g)) {
    const n = args
      .trim()
      .split(/[ ,]+|(?=-)/)
      .filter(Boolean)
      .map(Number);
    if (command === 'M') [x, y] = n;
    else if (command === 'm') [x, y] = [x + n[0], y + n[1]];
    else {
      const length = command === 'h' ? n[0] : n[0] - x;
      expect(length).toBeGreaterThan(0);
      for (let k = 0; k < length; k++) drawn.add(`${x + k},${y - 0.5}`);
      x += length;
    }
  }
  return drawn;
}

function darkModules(m: QrMatrix, margin: number): Set<string> {
  const dark = new Set<string>();
  for (let y = 0; y < m.size; y++) for (let x = 0; x < m.size; x++) if (m.isDark(x, y)) dark.add(`${x + margin},${y + margin}`);
  return dark;
}

describe('renderSvg', () => {
  it('is no larger than the qrcode package’s SVG for the same URL, level M, 4-module quiet zone', async () => {
    const ours = renderSvg(encodeText(URL, { ecc: 'M' }), { margin: 4 });
    const theirs = await QRCode.toString(URL, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
    const ourBytes = Buffer.byteLength(ours);
    const theirBytes = Buffer.byteLength(theirs);
    console.log(`SVG bytes for ${URL} at M: ours ${ourBytes}, qrcode ${theirBytes}`);
    expect(ourBytes).toBeLessThanOrEqual(theirBytes);
  });

  it('is one small XML document: white background path, one dark path, crisp edges, no stray whitespace', () => {
    const svg = renderSvg(encodeText(URL));
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 33 33" shape-rendering="crispEdges"><path fill="#fff" d="M0 0h33v33H0"\/><path stroke="#000" d="M[0-9]+ [0-9]+\.5(?:[mh]-?[0-9]+(?: -?[0-9]+)?|M[0-9]+ [0-9]+\.5)+"\/><\/svg>$/,
    );
    // Only absolute moves carry the half-module offset; all other numbers are whole.
    const d = /stroke="#000" d="([^"]*)"/.exec(svg)?.[1] ?? '';
    expect(d.replace(/M[0-9]+ [0-9]+\.5/g, '')).not.toContain('.');
  });

  it.each([0, 1, 4, 10])('draws exactly the dark modules with margin %i', (margin) => {
    for (const text of [URL, 'x'.repeat(500), 'Zoë Müller 📇']) {
      const m = encodeText(text, { ecc: 'Q' });
      const svg = renderSvg(m, { margin });
      const side = m.size + 2 * margin;
      expect(svg).toContain(`viewBox="0 0 ${side} ${side}"`);
      const d = /stroke="#000" d="([^"]*)"/.exec(svg)?.[1] ?? '';
      expect(modulesDrawn(d)).toEqual(darkModules(m, margin));
    }
  });

  it('sets width and height only when a size is given, and colours as asked', () => {
    const m = encodeText(URL);
    expect(renderSvg(m)).not.toContain('width=');
    expect(renderSvg(m, { size: 256 })).toContain(' width="256" height="256" viewBox="0 0 33 33"');
    const coloured = renderSvg(m, { dark: '#1a2b3c', light: 'rgb(250,250,240)' });
    expect(coloured).toContain('<path fill="rgb(250,250,240)" d="M0 0h33v33H0"/><path stroke="#1a2b3c" d="');
    expect(renderSvg(m, { light: 'none' })).not.toContain('fill=');
    expect(renderSvg(m, { light: 'transparent' })).not.toContain('fill=');
  });

  it('escapes colour values so the document stays well-formed', () => {
    const svg = renderSvg(encodeText(URL), { dark: '"/><script>alert(1)</script>' });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('stroke="&#34;/&#62;&#60;script&#62;alert(1)&#60;/script&#62;"');
  });

  it('rejects a bad margin or size', () => {
    const m = encodeText(URL);
    expect(() => renderSvg(m, { margin: -1 })).toThrow(RangeError);
    expect(() => renderSvg(m, { margin: 1.5 })).toThrow(RangeError);
    expect(() => renderSvg(m, { size: 0 })).toThrow(RangeError);
    expect(() => renderSvg(m, { size: Number.NaN })).toThrow(RangeError);
  });
});
