import { inflateSync } from 'node:zlib';
import { encodeText } from '@qr/qr-render';
import { parseSheetLayout, renderSheet, type SheetCode, type SheetLayout } from './index';

async function pdfOf(layout: SheetLayout, codes: SheetCode[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of renderSheet(layout, codes)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function layout(input: Record<string, unknown>): SheetLayout {
  const parsed = parseSheetLayout(input);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.layout;
}

const codes = (n: number): SheetCode[] => Array.from({ length: n }, (_, i) => ({ matrix: encodeText(`https://qr.example/c${i}`), label: `Code ${i}` }));

/** Every stream's content, inflated. */
function contents(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const out: string[] = [];
  for (const m of text.matchAll(/<<\/Length (\d+)\/Filter\/FlateDecode>>\nstream\n/g)) {
    const start = m.index! + m[0].length;
    out.push(inflateSync(pdf.subarray(start, start + Number(m[1]))).toString('latin1'));
  }
  return out;
}

describe('renderSheet', () => {
  it('puts 300 codes on 15 pages of 21, as paths, with no image at all', async () => {
    const pdf = await pdfOf(layout({ preset: 'a4-3x7', label: 'name' }), codes(300));
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text).toMatch(/\/Type\/Pages\/Kids\[[^\]]+\]\/Count 15>>/);
    expect(text).not.toMatch(/\/Image|\/XObject/);
    const pages = contents(pdf);
    expect(pages).toHaveLength(15);
    const drawn = pages.map((p) => (p.match(/ cm\n1 g /g) ?? []).length);
    expect(drawn.slice(0, 14).every((n) => n === 21)).toBe(true);
    expect(drawn[14]).toBe(300 - 14 * 21);
    expect(pages[0]).toContain('(Code 0) Tj');
    expect(pages[14]).toContain('(Code 299) Tj');
  });

  it('writes a cross-reference table whose every offset points at its object', async () => {
    const pdf = await pdfOf(layout({ preset: 'letter-3x10', label: 'none', crop_marks: true }), codes(31));
    const text = pdf.toString('latin1');
    const xrefAt = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
    expect(text.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const [, count] = /^xref\n0 (\d+)\n/.exec(text.slice(xrefAt))!;
    const entries = text
      .slice(xrefAt)
      .split('\n')
      .slice(3, 3 + Number(count) - 1);
    entries.forEach((entry, i) => {
      expect(entry).toMatch(/^\d{10} 00000 n $/);
      expect(text.slice(Number(entry.slice(0, 10))).startsWith(`${i + 1} 0 obj\n`)).toBe(true);
    });
    expect(text).toContain(`trailer\n<</Size ${count}/Root 1 0 R>>`);
  });

  it('draws crop marks only when asked, and no label text when labels are off', async () => {
    const withMarks = contents(await pdfOf(layout({ preset: 'a4-4x6', label: 'none', crop_marks: true }), codes(2)))[0];
    const without = contents(await pdfOf(layout({ preset: 'a4-4x6', label: 'none' }), codes(2)))[0];
    expect(withMarks).toContain(' l S\n');
    expect(without).not.toContain(' l S\n');
    expect(without).not.toContain('Tj');
  });

  it('still makes a valid one-page PDF for no codes, and streams a page at a time', async () => {
    const empty = (await pdfOf(layout({ preset: 'a4-1x1' }), [])).toString('latin1');
    expect(empty).toMatch(/\/Count 1>>/);
    const chunks: Buffer[] = [];
    for await (const chunk of renderSheet(layout({ preset: 'a4-1x1' }), codes(3))) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThanOrEqual(3 + 3);
  });
});
