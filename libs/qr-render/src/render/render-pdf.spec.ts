import type { QrMatrix } from '../index';
import { encodeText, renderPdf } from '../index';

/** Byte offsets recorded in the xref table, object 1 first. */
function xrefOffsets(pdf: string): number[] {
  const start = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)?.[1]);
  expect(pdf.startsWith('xref\n', start)).toBe(true);
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(pdf.slice(start)) ?? [];
  expect(first).toBe('0');
  const entries = pdf
    .slice(start)
    .split('\n')
    .slice(2, 2 + Number(count));
  expect(entries[0]).toBe('0000000000 65535 f ');
  return entries.slice(1).map((entry) => {
    expect(entry).toMatch(/^\d{10} 00000 n $/);
    return Number(entry.slice(0, 10));
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

  it('is a PDF 1.4 whose xref offsets point at each "n 0 obj"', () => {
    const pdf = renderPdf(matrix).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    const offsets = xrefOffsets(pdf);
    expect(offsets).toHaveLength(4);
    offsets.forEach((offset, i) => expect(pdf.slice(offset, offset + 8)).toBe(`${i + 1} 0 obj\n`));
    expect(pdf).toContain('trailer\n<</Size 5/Root 1 0 R>>');
  });

  it('has a stream whose /Length is its exact byte count', () => {
    const pdf = renderPdf(matrix).toString('latin1');
    const [, length, content] = /<<\/Length (\d+)>>\nstream\n([\s\S]*?)\nendstream/.exec(pdf) ?? [];
    expect(Buffer.byteLength(content, 'latin1')).toBe(Number(length));
  });

  it.each([
    [undefined, undefined, '288', 4],
    [144, 2, '144', 2],
    [100, 0, '100', 0],
  ])('draws the dark modules as merged runs on a %s pt page', (sizePt, margin, mediaSize, expectedMargin) => {
    const pdf = renderPdf(matrix, { sizePt, margin }).toString('latin1');
    expect(pdf).toContain(`/MediaBox[0 0 ${mediaSize} ${mediaSize}]`);
    const side = matrix.size + 2 * expectedMargin;
    const unit = Number(/q ([\d.]+) 0 0 -([\d.]+) 0 ([\d.]+) cm/.exec(pdf)?.[1]);
    expect(unit * side).toBeCloseTo(Number(mediaSize), 3);
    expect(pdf).toContain(`1 g 0 0 ${side} ${side} re f\n0 g\n`);
    expect(modulesDrawn(pdf)).toEqual(darkModules(matrix, expectedMargin));
    // Merged: never two rectangles touching on the same row.
    const runs = [...pdf.matchAll(/^(\d+) (\d+) (\d+) 1 re$/gm)].map(([, x, y, w]) => [Number(x), Number(y), Number(w)]);
    for (let i = 1; i < runs.length; i++) {
      if (runs[i][1] === runs[i - 1][1]) expect(runs[i][0]).toBeGreaterThan(runs[i - 1][0] + runs[i - 1][2]);
    }
  });

  it('rejects a bad page size', () => {
    expect(() => renderPdf(matrix, { sizePt: 0 })).toThrow(RangeError);
    expect(() => renderPdf(matrix, { sizePt: 20000 })).toThrow(RangeError);
  });
});
