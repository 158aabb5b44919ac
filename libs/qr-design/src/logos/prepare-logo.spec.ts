import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { Resvg } from '@resvg/resvg-js';
import { LOGO_SIDE_PX, LogoRejected, MAX_LOGO_BYTES, prepareLogo, sniffLogoType } from './prepare-logo';
import { sanitizeSvg } from './sanitize-svg';

const png = (w: number, h: number, colour = '#c2185b') =>
  sharp({ create: { width: w, height: h, channels: 4, background: colour } })
    .png()
    .toBuffer();
const rejected = async (bytes: Buffer) => {
  try {
    await prepareLogo(bytes);
  } catch (err) {
    if (err instanceof LogoRejected) return err.code;
    throw err;
  }
  throw new Error('accepted');
};

describe('prepareLogo', () => {
  it('decodes and encodes a PNG again, at most 512 pixels a side, keeping its proportions', async () => {
    const source = await png(1200, 600);
    const logo = await prepareLogo(source);
    expect(logo).toMatchObject({ sourceType: 'image/png', width: LOGO_SIDE_PX, height: 256 });
    expect(logo.png.equals(source)).toBe(false);
    expect(await sharp(logo.png).metadata()).toMatchObject({ format: 'png', width: 512, height: 256 });
    const small = await prepareLogo(await png(64, 64));
    expect([small.width, small.height]).toEqual([64, 64]);
  });

  it('takes a JPEG and keeps it as a PNG', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
    expect(sniffLogoType(jpeg)).toBe('image/jpeg');
    const logo = await prepareLogo(jpeg);
    expect(logo).toMatchObject({ sourceType: 'image/jpeg', width: 300, height: 300 });
    expect((await sharp(logo.png).metadata()).format).toBe('png');
  });

  it('refuses what is not a logo: empty, over 1 MB, GIF, a damaged PNG, a decompression bomb', async () => {
    expect(await rejected(Buffer.alloc(0))).toBe('empty');
    expect(await rejected(Buffer.alloc(MAX_LOGO_BYTES + 1, 0x89))).toBe('too_large');
    expect(await rejected(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'))).toBe('unsupported_type');
    const whole = await png(400, 400);
    expect(await rejected(whole.subarray(0, 60))).toBe('unreadable_image');
    // A header announcing 20,000 × 20,000 pixels (1.6 GB decoded): refused from the header, before any decoding.
    const bomb = Buffer.from(whole);
    bomb.writeUInt32BE(20000, 16);
    bomb.writeUInt32BE(20000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    expect(await rejected(bomb)).toBe('too_many_pixels');
    // A JPEG renamed to look like a PNG is read for what it is; a PNG signature on other bytes is damaged.
    expect(await rejected(Buffer.concat([whole.subarray(0, 8), Buffer.from('not an image at all')]))).toBe('unreadable_image');
  });

  it('draws an SVG logo into a PNG after sanitising it; a DOCTYPE or a broken file is refused', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10"><rect width="20" height="10" fill="#c2185b"/></svg>';
    const logo = await prepareLogo(Buffer.from(svg));
    expect(logo).toMatchObject({ sourceType: 'image/svg+xml', width: 512, height: 256 });
    expect(await rejected(Buffer.from('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>'))).toBe(
      'unsafe_svg',
    );
    expect(await rejected(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect'))).toBe('unsafe_svg');
    expect(await rejected(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBe('unreadable_image');
  });
});

describe('sanitizeSvg', () => {
  const hostile = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100" onload="alert(1)">
  <script>alert(document.cookie)</script>
  <style>@import url(https://evil.example/x.css); rect { fill: url(https://evil.example/p.svg#p) }</style>
  <foreignObject width="100" height="100"><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example"/></foreignObject>
  <a href="javascript:alert(1)"><rect width="10" height="10"/></a>
  <image href="/tmp/qr-secret-logo.png" width="100" height="100"/>
  <image xlink:href="https://evil.example/track.png" width="100" height="100"/>
  <use href="https://evil.example/sprite.svg#icon"/>
  <animate attributeName="href" to="javascript:alert(1)"/>
  <rect width="50" height="50" fill="url(#g)" style="fill:url(https://evil.example/)" onclick="x()"/>
  <linearGradient id="g"><stop offset="0" stop-color="#000"/><stop offset="1" stop-color="#c2185b"/></linearGradient>
  <circle cx="75" cy="75" r="20" fill="url(https://evil.example/#x)"/>
</svg>`;

  it('keeps the drawing and drops scripts, styles, foreign objects, links, animation, handlers and every outside reference', () => {
    const clean = sanitizeSvg(hostile);
    for (const gone of [
      'script',
      'alert',
      'style',
      '@import',
      'foreignObject',
      'iframe',
      'javascript:',
      'evil.example',
      'onload',
      'onclick',
      'animate',
      '/tmp/',
      '<a',
    ]) {
      expect(clean).not.toContain(gone);
    }
    expect(clean).toContain('<rect width="50" height="50" fill="url(#g)"');
    expect(clean).toContain('<linearGradient id="g">');
    expect(clean).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });

  it('never lets the rasteriser read a local file: the same SVG unsanitised would draw it', async () => {
    const secret = await png(100, 100, '#00ff00');
    const dir = mkdtempSync(join(tmpdir(), 'qr-logo-'));
    const file = join(dir, 'secret.png');
    writeFileSync(file, secret);
    const greenPixels = (svg: string) => {
      const image = new Resvg(svg, { font: { loadSystemFonts: false } }).render();
      let green = 0;
      for (let i = 0; i < image.pixels.length; i += 4) if (image.pixels[i + 1] === 255 && image.pixels[i] === 0 && image.pixels[i + 3] === 255) green++;
      return green;
    };
    const onlyTheFile = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><image href="${file}" width="100" height="100"/></svg>`;
    expect(greenPixels(onlyTheFile)).toBeGreaterThan(5000);
    expect(greenPixels(sanitizeSvg(onlyTheFile))).toBe(0);
    const logo = await prepareLogo(Buffer.from(hostile.replace('/tmp/qr-secret-logo.png', file)));
    rmSync(dir, { recursive: true, force: true });
    const { data } = await sharp(logo.png).raw().toBuffer({ resolveWithObject: true });
    let green = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] === 0 && data[i + 1] === 255 && data[i + 2] === 0) green++;
    expect(green).toBe(0);
  }, 30_000);

  it('keeps an embedded PNG or JPEG (a data: URL)', () => {
    const embedded = '<svg xmlns="http://www.w3.org/2000/svg"><image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/></svg>';
    expect(sanitizeSvg(embedded)).toContain('href="data:image/png;base64,iVBORw0KGgo="');
  });
});
