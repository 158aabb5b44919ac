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
    // Text mode, not -Sbinary: with an ECI zbar converts exactly, without one it guesses a charset,
    // so a missing ECI shows up as a wrong decode instead of being hidden. One "\n" ends the symbol.
    const out = execFileSync('zbarimg', ['--raw', '-q', '--nodbus', png]);
    return out.toString('utf8').replace(/\n$/, '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Decodes the one code inside a region of a PDF page (points, origin at the bottom left, as PDF
 * measures): pdftoppm rasterises just that region, zbar reads it. zbar reading a whole page of
 * codes at once can miss one among many neighbours, so a sheet is checked cell by cell.
 */
export function decodePdfRegion(
  pdf: string,
  page: number,
  region: { x: number; y: number; width: number; height: number },
  pageHeight: number,
  dpi = 200,
): string {
  const dir = mkdtempSync(join(tmpdir(), 'qr-pdf-'));
  try {
    const px = (pt: number) => Math.round((pt * dpi) / 72);
    const out = join(dir, 'cell');
    execFileSync('pdftoppm', [
      '-r',
      String(dpi),
      '-png',
      '-singlefile',
      '-f',
      String(page),
      '-l',
      String(page),
      '-x',
      String(px(region.x)),
      '-y',
      String(px(pageHeight - region.y - region.height)),
      '-W',
      String(px(region.width)),
      '-H',
      String(px(region.height)),
      pdf,
      out,
    ]);
    return execFileSync('zbarimg', ['--raw', '-q', '--nodbus', `${out}.png`])
      .toString('utf8')
      .replace(/\n$/, '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Decodes the one code of a one-page PDF: poppler rasterises the page at `dpi`, zbar reads it. */
export function decodePdf(pdf: Buffer, dpi = 150): string {
  const dir = mkdtempSync(join(tmpdir(), 'qr-pdf-'));
  try {
    writeFileSync(join(dir, 'code.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-png', '-singlefile', join(dir, 'code.pdf'), join(dir, 'page')]);
    return execFileSync('zbarimg', ['--raw', '-q', '--nodbus', join(dir, 'page.png')])
      .toString('utf8')
      .replace(/\n$/, '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
