import { crc32, inflateSync } from 'node:zlib';
import { encodeRgbaPngAsync, encodeText, rasterize, renderPng } from '../index';

interface Chunk {
  type: string;
  data: Buffer;
}

/** Splits a PNG into chunks, checking every CRC with zlib's own CRC-32. */
function parseChunks(png: Buffer): Chunk[] {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const chunks: Chunk[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    expect([type, png.readUInt32BE(at + 8 + length)]).toEqual([type, crc32(png.subarray(at + 4, at + 8 + length))]);
    chunks.push({ type, data });
    at += 12 + length;
  }
  return chunks;
}

describe('renderPng', () => {
  it.each([
    ['defaults (scale 8, margin 4)', {}, 8, 4],
    ['scale 3, margin 0', { scale: 3, margin: 0 }, 3, 0],
    ['scale 1, margin 2', { scale: 1, margin: 2 }, 1, 2],
  ])('is a valid 1-bit greyscale PNG whose pixels equal rasterize (%s)', (_name, options, scale, margin) => {
    for (const text of ['https://qr.example/AbC12xY', 'x'.repeat(700)]) {
      const matrix = encodeText(text);
      const chunks = parseChunks(renderPng(matrix, options));
      expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
      const side = (matrix.size + 2 * margin) * scale;
      const ihdr = chunks[0].data;
      expect([ihdr.readUInt32BE(0), ihdr.readUInt32BE(4), ...ihdr.subarray(8)]).toEqual([side, side, 1, 0, 0, 0, 0]);
      const raw = inflateSync(chunks[1].data);
      const rowBytes = 1 + Math.ceil(side / 8);
      expect(raw.length).toBe(rowBytes * side);
      const image = rasterize(matrix, { scale, margin });
      let mismatches = 0;
      for (let y = 0; y < side; y++) {
        expect(raw[y * rowBytes]).toBe(0); // filter type None
        for (let x = 0; x < side; x++) {
          const white = (raw[y * rowBytes + 1 + (x >>> 3)] >>> (7 - (x & 7))) & 1;
          if ((white ? 255 : 0) !== image.data[(y * side + x) * 4]) mismatches++;
        }
      }
      expect(mismatches).toBe(0);
    }
  });

  it('rejects a bad scale or margin', () => {
    const m = encodeText('x');
    expect(() => renderPng(m, { scale: 0 })).toThrow(RangeError);
    expect(() => renderPng(m, { scale: 2.5 })).toThrow(RangeError);
    expect(() => renderPng(m, { margin: -1 })).toThrow(RangeError);
  });
});

describe('encodeRgbaPngAsync', () => {
  it('makes a valid RGBA PNG of the pixels, copied before it returns (the caller may reuse them)', async () => {
    const [width, height] = [37, 23];
    const rgba = new Uint8Array(width * height * 4).map((_, i) => (i * 7 + (i >> 5)) & 255);
    const pending = encodeRgbaPngAsync(rgba, width, height);
    const original = Uint8Array.from(rgba);
    rgba.fill(0);
    const png = await pending;
    rgba.set(original);
    const chunks = parseChunks(png);
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect([chunks[0].data.readUInt32BE(0), chunks[0].data.readUInt32BE(4), chunks[0].data[8], chunks[0].data[9]]).toEqual([width, height, 8, 6]);
    const raw = inflateSync(chunks[1].data);
    for (let y = 0; y < height; y++) {
      expect(raw[y * (width * 4 + 1)]).toBe(0);
      expect(raw.subarray(y * (width * 4 + 1) + 1, (y + 1) * (width * 4 + 1)).equals(Buffer.from(rgba.subarray(y * width * 4, (y + 1) * width * 4)))).toBe(
        true,
      );
    }
  });
});
