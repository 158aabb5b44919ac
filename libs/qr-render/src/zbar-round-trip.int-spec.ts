import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import QRCode from 'qrcode';
import type { EccLevel } from './index';
import { encodeText, renderSvg } from './index';
import { LONG_PROSE, SAMPLE_TEXTS } from './testing/sample-texts';

const run = promisify(execFile);

/**
 * A second, unrelated decoder (ZBar, what many Linux and desktop tools use) reading our output
 * the way a user's file would be read: the SVG rasterised by librsvg (the API's PNGs are read by ZBar in
 * libs/codes' designed-images test).
 */
const TOOLS = ['zbarimg', 'rsvg-convert'];
const missing = TOOLS.filter((tool) => {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    return false;
  } catch {
    return true;
  }
});
// CI installs the decoders (.ci/run); there a missing tool is a failure, not a skip.
if (missing.length > 0 && process.env.CI) throw new Error(`zbar tests need ${missing.join(', ')} (apt: zbar-tools, librsvg2-bin)`);
if (missing.length > 0) console.warn(`qr-render zbar tests skipped: ${missing.join(', ')} not installed (apt: zbar-tools, librsvg2-bin)`);
const describeWithTools = missing.length > 0 ? describe.skip : describe;

/**
 * Decodes an image with `zbarimg --raw -q --nodbus`. Deliberately not `-Sbinary`: that option
 * makes ZBar copy the bytes of symbols *without* an ECI unconverted, which would let a missing
 * ECI pass unnoticed. Without it ZBar converts by the ECI when there is one (ECI 26: iconv
 * UTF-8 → UTF-8, byte-exact) and otherwise guesses SJIS / Big5 / Latin-1 / UTF-8 — the guess the
 * control test below shows going wrong. In this text mode zbarimg ends each symbol with one "\n",
 * which is the only thing stripped. `--nodbus` stops ZBar's D-Bus noise on machines without one.
 */
async function zbar(file: string): Promise<string> {
  const { stdout } = await run('zbarimg', ['--raw', '-q', '--nodbus', file], { encoding: 'buffer' });
  const text = stdout.toString('utf8');
  expect(text.endsWith('\n')).toBe(true);
  return text.slice(0, -1);
}

const LEVELS: EccLevel[] = ['L', 'M', 'Q', 'H'];

describeWithTools('decoding with ZBar returns exactly the input', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'qr-render-zbar-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function viaSvg(text: string, ecc: EccLevel): Promise<string> {
    const matrix = encodeText(text, { ecc });
    const svg = join(dir, `${ecc}-${matrix.version}.svg`);
    const png = `${svg}.png`;
    // Four pixels per module; the SVG's own width/height sets librsvg's output size.
    await writeFile(svg, renderSvg(matrix, { size: (matrix.size + 8) * 4 }));
    await run('rsvg-convert', ['-o', png, svg]);
    return zbar(png);
  }

  describe.each(Object.entries(SAMPLE_TEXTS))('%s', (_name, text) => {
    it.each(LEVELS)('SVG through rsvg-convert, level %s', async (ecc) => {
      expect(await viaSvg(text, ecc)).toBe(text);
    });
  });

  it.each(['L', 'M'] as const)('~2,000 bytes of prose, level %s', async (ecc) => {
    expect(await viaSvg(LONG_PROSE, ecc)).toBe(LONG_PROSE);
  });

  it('control: the same UTF-8 bytes without an ECI are mis-decoded by ZBar (so the tests above can fail)', async () => {
    // The qrcode package writes UTF-8 in byte mode with no ECI. ZBar then guesses, and for this
    // text it picks Shift JIS ("Grﾃｼﾃ歹-Netz"); for the vCard it picks Big5. If this ever passes,
    // ZBar stopped guessing and the suite no longer proves our ECI designator is needed.
    const text = SAMPLE_TEXTS['Wi-Fi'];
    const file = join(dir, 'no-eci.png');
    await writeFile(file, await QRCode.toBuffer(text, { errorCorrectionLevel: 'M', scale: 4 }));
    expect(await zbar(file)).not.toBe(text);
  });
});
