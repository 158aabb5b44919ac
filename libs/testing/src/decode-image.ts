import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Decodes a QR image with zbar (an independent decoder); SVGs are rasterised by rsvg-convert first. */
export function decodeImage(image: Buffer, format: 'svg' | 'png'): string {
  const dir = mkdtempSync(join(tmpdir(), 'qr-decode-'));
  try {
    let png = join(dir, 'code.png');
    if (format === 'svg') {
      writeFileSync(join(dir, 'code.svg'), image);
      execFileSync('rsvg-convert', ['--width', '600', '--background-color', 'white', '-o', png, join(dir, 'code.svg')]);
    } else {
      png = join(dir, 'code.png');
      writeFileSync(png, image);
    }
    // -Sbinary: raw bytes of the data, so an ECI-tagged UTF-8 payload is not re-interpreted.
    const out = execFileSync('zbarimg', ['--raw', '-q', '-Sbinary', png]);
    return out.toString('utf8').replace(/\n$/, '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
