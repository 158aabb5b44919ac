import { inflateSync } from 'node:zlib';
import type { QrMatrix } from '../index';
import { encodeText, renderPdf } from '../index';

/** Every content stream of the file, inflated (pdfkit deflates them). */
function contents(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  return [...text.matchAll(/\/Length (\d+)\n\/Filter \/FlateDecode\n>>\nstream\n/g)].map((m) => {
    const start = m.index! + m[0].length;
    return inflateSync(pdf.subarray(start, start + Number(m[1]))).toString('latin1');
  });
}

/** Modules covered by the content stream's `x y w 1 re` operators (after the background). */
function modulesDrawn(content: string): Set<string> {
  const drawn = new Set<string>();
  for (const [, x, y, w] of content.matchAll(/^(\d+) (\d+) (\d+) 1 re$/gm)) {
    for (let k = 0; k < Number(w); k++) drawn.add(`${Number(x) + k},${y}`);
  }
  return drawn;
}

function darkModules(m: QrMatrix, margin: number): Set<string> {
  const dark = new Set<string>();
  for (let y = 0; y < m.size; y++) for (let x = 0; x < m.size; x++) if (m.isDark(x, y)) dark.add(`${x + margin},${y + margin}`);
  return dark;
}

describe('renderPdf', () => {
  const matrix = encodeText('https://qr.example/AbC12xY');

  it('is one page of vector paths: no font, no image', async () => {
    const pdf = (await renderPdf(matrix)).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toMatch(/\/Type \/Pages\n\/Count 1\n/);
    expect(pdf).not.toMatch(/\/Font|\/Subtype \/Image|\/XObject/);
  });

  it.each([
    [undefined, undefined, '288', 4],
    [144, 2, '144', 2],
    [100, 0, '100', 0],
  ])('draws the dark modules as merged runs on a %s pt page', async (sizePt, margin, mediaSize, expectedMargin) => {
    const pdf = await renderPdf(matrix, { sizePt, margin });
    expect(pdf.toString('latin1')).toContain(`/MediaBox [0 0 ${mediaSize} ${mediaSize}]`);
    const [content] = contents(pdf);
    const side = matrix.size + 2 * expectedMargin;
    const unit = Number(/^([\d.]+) 0 0 ([\d.]+) 0 0 cm$/m.exec(content)?.[1]);
    expect(unit * side).toBeCloseTo(Number(mediaSize), 3);
    expect(content).toContain(`0 0 ${side} ${side} re`);
    expect(modulesDrawn(content)).toEqual(darkModules(matrix, expectedMargin));
    // Merged: never two rectangles touching on the same row.
    const runs = [...content.matchAll(/^(\d+) (\d+) (\d+) 1 re$/gm)].map(([, x, y, w]) => [Number(x), Number(y), Number(w)]);
    for (let i = 1; i < runs.length; i++) {
      if (runs[i][1] === runs[i - 1][1]) expect(runs[i][0]).toBeGreaterThan(runs[i - 1][0] + runs[i - 1][2]);
    }
  });

  it('gives the same bytes for the same drawing and date, and dates the file', async () => {
    const created = new Date('2026-03-01T10:00:00Z');
    const [a, b] = [await renderPdf(matrix, { created }), await renderPdf(matrix, { created })];
    expect(a.equals(b)).toBe(true);
    expect(a.toString('latin1')).toContain('(D:20260301100000Z)');
    expect(a.equals(await renderPdf(matrix, { created: new Date('2026-03-02T10:00:00Z') }))).toBe(false);
  });

  it('rejects a bad page size', async () => {
    await expect(renderPdf(matrix, { sizePt: 0 })).rejects.toThrow(RangeError);
    await expect(renderPdf(matrix, { sizePt: 20000 })).rejects.toThrow(RangeError);
  });
});
