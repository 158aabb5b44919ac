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

/** The pages' content streams, inflated, in page order (pdfkit writes a page's content just before its dictionary). */
function pageContents(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const streams = new Map<number, string>();
  for (const m of text.matchAll(/(\d+) 0 obj\n<<\n\/Length (\d+)\n\/Filter \/FlateDecode\n>>\nstream\n/g)) {
    const start = m.index! + m[0].length;
    streams.set(Number(m[1]), inflateSync(pdf.subarray(start, start + Number(m[2]))).toString('latin1'));
  }
  return [...text.matchAll(/\/Type \/Page\n\/Parent \d+ 0 R\n\/MediaBox \[[^\]]+\]\n\/Contents (\d+) 0 R/g)].map((m) => streams.get(Number(m[1]))!);
}

/** Symbols drawn on a page: each begins with its light square in module units. */
const symbolsOn = (content: string) => (content.match(/^0 0 \d+ \d+ re$/gm) ?? []).length;

describe('renderSheet', () => {
  it('gives the event loop a turn after each code, not only after each page', async () => {
    let turns = 0;
    let done = false;
    const count = () => {
      turns += 1;
      if (!done) setImmediate(count);
    };
    setImmediate(count);
    await pdfOf(layout({ preset: 'a4-3x7', label: 'name' }), codes(21));
    done = true;
    // All 21 codes are on one page, written only at the end.
    expect(turns).toBeGreaterThanOrEqual(21);
  });

  it('puts 300 codes on 15 pages of 21, as paths, with no image at all', async () => {
    const pdf = await pdfOf(layout({ preset: 'a4-3x7', label: 'name' }), codes(300));
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toMatch(/\/Type \/Pages\n\/Count 15\n/);
    expect(text).not.toMatch(/\/Subtype \/Image|\/XObject/);
    const pages = pageContents(pdf);
    expect(pages).toHaveLength(15);
    const drawn = pages.map(symbolsOn);
    expect(drawn.slice(0, 14).every((n) => n === 21)).toBe(true);
    expect(drawn[14]).toBe(300 - 14 * 21);
    // Labels are text in an embedded font; what they read is checked with pdftotext (libs/dashboard/src/print).
    expect(pages[0]).toMatch(/ Tf\n/);
    expect(text).toMatch(/\/FontFile2 /);
  });

  it('draws crop marks only when asked, and no label text when labels are off', async () => {
    const [withMarks] = pageContents(await pdfOf(layout({ preset: 'a4-4x6', label: 'none', crop_marks: true }), codes(2)));
    const [without] = pageContents(await pdfOf(layout({ preset: 'a4-4x6', label: 'none' }), codes(2)));
    expect(withMarks).toMatch(/ l\n/);
    expect(withMarks).toMatch(/^S$/m);
    expect(without).not.toMatch(/ l\n/);
    expect(without).not.toContain('Tf');
  });

  it('embeds no font at all when no label is printed', async () => {
    const pdf = await pdfOf(layout({ preset: 'a4-4x6', label: 'none' }), codes(3));
    expect(pdf.toString('latin1')).not.toContain('/Font');
  });

  it('still makes a valid one-page PDF for no codes, and streams a page at a time', async () => {
    const empty = (await pdfOf(layout({ preset: 'a4-1x1' }), [])).toString('latin1');
    expect(empty).toMatch(/\/Count 1\n/);
    const chunks: Buffer[] = [];
    for await (const chunk of renderSheet(layout({ preset: 'a4-1x1' }), codes(3))) chunks.push(chunk);
    expect(chunks.length).toBe(3);
    expect(chunks[0].toString('latin1')).toMatch(/^%PDF-[\s\S]*\/Type \/Page\n/);
  });
});
