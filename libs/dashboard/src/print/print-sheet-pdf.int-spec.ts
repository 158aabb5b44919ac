import { execFileSync } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cellsOf, codeBox, PAGE_SIZES, parseSheetLayout, renderSheet, type SheetCode, type SheetLayout } from '@qr/print-sheet';
import { encodeText, renderPdf } from '@qr/qr-render';
import { createTempDir, decodePdfRegion } from '@qr/testing';

/**
 * Print sheets read back by independent tools: poppler (pdftotext, pdffonts, pdfinfo, pdfimages,
 * pdftoppm) for the text, fonts and pages, zbar for every code.
 */
describe('print sheet PDF, read back by poppler and zbar', () => {
  const dir = createTempDir('print-sheet-pdf');
  afterAll(() => dir.remove());

  const LABELS = ['Grüße aus Köln', 'Καλημέρα Αθήνα', 'Привет, Москва', '東京の店舗'];

  function layout(input: Record<string, unknown>): SheetLayout {
    const parsed = parseSheetLayout(input);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    return parsed.layout;
  }

  async function sheet(name: string, l: SheetLayout, codes: SheetCode[]): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of renderSheet(l, codes)) chunks.push(chunk);
    const path = join(dir.path, `${name}.pdf`);
    writeFileSync(path, Buffer.concat(chunks));
    return path;
  }

  const run = (tool: string, args: string[]) => execFileSync(tool, args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString('utf8');
  const fonts = (path: string) =>
    run('pdffonts', [path])
      .split('\n')
      .slice(2)
      .filter(Boolean)
      .map((line) => line.split(/\s+/));

  it('prints German, Greek, Cyrillic and Japanese labels as themselves, and every code still decodes', async () => {
    const l = layout({ preset: 'a4-3x7', label: 'name', crop_marks: true });
    const codes = Array.from({ length: 24 }, (_, i) => ({ matrix: encodeText(`https://qr.example/s${i}`, { ecc: 'M' }), label: `${LABELS[i % 4]} ${i}` }));
    const path = await sheet('scripts', l, codes);
    expect(run('pdfinfo', [path])).toMatch(/Pages:\s+2\n/);
    const text = run('pdftotext', ['-layout', path, '-']);
    codes.forEach((c) => expect(text).toContain(c.label));
    // Both fonts embedded as subsets (the "XXXXXX+" prefix, and pdffonts' emb and sub columns).
    const embedded = fonts(path);
    expect(embedded.map((f) => f[0].replace(/^[A-Z]{6}\+/, '')).sort()).toEqual(['NotoSans-Regular', 'NotoSansJP-Regular']);
    for (const f of embedded) {
      expect(f[0]).toMatch(/^[A-Z]{6}\+/);
      expect(f.slice(-5, -2)).toEqual(['yes', 'yes', 'yes']);
    }
    // Only the glyphs used: the Japanese font alone is 5 MB.
    expect(statSync(path).size).toBeLessThan(120_000);
    expect(run('pdfimages', ['-list', path]).trim().split('\n')).toHaveLength(2);
    const cells = cellsOf(l);
    codes.forEach((_, i) => {
      const box = codeBox(cells[i % cells.length], 'name');
      const region = { x: box.x - 2, y: box.y - 2, width: box.side + 4, height: box.side + 4 };
      expect(decodePdfRegion(path, Math.floor(i / cells.length) + 1, region, PAGE_SIZES.A4.height)).toBe(`https://qr.example/s${i}`);
    });
  });

  it('draws the one-code vector PDF (the image endpoint, format=pdf) so that zbar reads it', async () => {
    const path = join(dir.path, 'one.pdf');
    writeFileSync(path, await renderPdf(encodeText('https://qr.example/one', { ecc: 'H' }), { sizePt: 144, margin: 2 }));
    expect(run('pdfinfo', [path])).toMatch(/Page size:\s+144 x 144 pts/);
    expect(decodePdfRegion(path, 1, { x: 0, y: 0, width: 144, height: 144 }, 144, 300)).toBe('https://qr.example/one');
  });

  // Runs after a sheet with "Köln": a second sheet once lost its "o"s when fontkit's parse was shared.
  it('opens another font only for a label that needs it, prints what no font has as "?", and cuts long labels with …', async () => {
    const l = layout({ preset: 'a4-3x7', label: 'name' });
    const path = await sheet('latin', l, [
      { matrix: encodeText('https://qr.example/a'), label: 'Straße 12' },
      // Ethiopic: no bundled font has it (Hebrew, Arabic, Devanagari, Thai, Korean and Chinese now print).
      { matrix: encodeText('https://qr.example/b'), label: 'ሰላም' },
      { matrix: encodeText('https://qr.example/c'), label: 'A label far too long to fit under one code on a label sheet' },
    ]);
    expect(fonts(path).map((f) => f[0].replace(/^[A-Z]{6}\+/, ''))).toEqual(['NotoSans-Regular']);
    const text = run('pdftotext', ['-layout', path, '-']);
    expect(text).toContain('Straße 12');
    expect(text).toContain('???');
    expect(text).not.toContain('????');
    expect(text).toMatch(/A label far too long[^\n]*…/);
    expect(text).not.toContain('label sheet');
  });

  it('prints Arabic and Hebrew labels right to left with their spaces, and Devanagari, Thai, Korean and Chinese ones, each in the first font that has it', async () => {
    const l = layout({ preset: 'a4-3x7', label: 'name' });
    const labels = ['امسح الرمز', 'סרוק אותי', 'स्कैन करें', 'สแกนเลย', '스캔하세요', '扫码点餐'];
    const path = await sheet(
      'scripts',
      l,
      labels.map((label, i) => ({ matrix: encodeText(`https://qr.example/s${i}`), label })),
    );
    expect(
      fonts(path)
        .map((f) => f[0].replace(/^[A-Z]{6}\+/, ''))
        .sort(),
    ).toEqual([
      'NotoSans-Regular',
      'NotoSansArabic-Regular',
      'NotoSansHebrew-Regular',
      // 点 and 餐 are in the Japanese font, tried before the Chinese one; Noto Sans itself has Devanagari.
      'NotoSansJP-Regular',
      'NotoSansKR-Regular',
      'NotoSansSC-Regular',
      'NotoSansThai-Regular',
    ]);
    const text = run('pdftotext', ['-layout', path, '-']);
    for (const word of ['סרוק', 'אותי', '스캔하세요', '扫码点餐']) expect(text).toContain(word);
  });
});
