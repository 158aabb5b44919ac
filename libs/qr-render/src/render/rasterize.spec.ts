import { encodeText, rasterize } from '../index';

describe('rasterize', () => {
  it('draws opaque black modules on white with a white quiet zone', () => {
    const m = encodeText('https://qr.example/AbC12xY');
    const { width, height, data } = rasterize(m, { scale: 2, margin: 3 });
    expect([width, height, data.length]).toEqual([62, 62, 62 * 62 * 4]);
    const pixel = (x: number, y: number): number[] => [...data.subarray((y * width + x) * 4, (y * width + x) * 4 + 4)];
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const mx = Math.floor(x / 2) - 3;
        const my = Math.floor(y / 2) - 3;
        const expected = m.isDark(mx, my) ? [0, 0, 0, 255] : [255, 255, 255, 255];
        expect([x, y, ...pixel(x, y)]).toEqual([x, y, ...expected]);
      }
    }
  });

  it('defaults to 8 pixels per module and a 4-module quiet zone', () => {
    const m = encodeText('x');
    expect(rasterize(m).width).toBe((21 + 8) * 8);
  });
});
