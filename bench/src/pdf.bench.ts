import { encodeText, renderPdf, renderSvg } from '@qr/qr-render';
import { parseSheetLayout, renderSheet, type SheetCode } from '@qr/print-sheet';
import { DEFAULT_DESIGN, type Design, prepareLogo } from '@qr/qr-design';
import { type BenchRow, fmt } from './bench-report';
import { STAR_SVG } from './bench-designs';
import { median } from './stats';

const SHEET_CODES = 300;
const BRANDED: Design = {
  ...DEFAULT_DESIGN,
  modules: 'dots',
  eyes: { outer: 'rounded', inner: 'rounded', color: '#c2185b' },
  frame: { position: 'below', text: 'Scan me', color: '#1a237e', text_color: '#ffffff' },
  logo: { id: 'logo_000000000000000000000000', size: 0.25, background: true },
};
const SINGLE = 300;

/** Labels in the four scripts print sheets promise, cycled over the sheet. */
const LABELS = ['Grüße aus Köln', 'Καλημέρα Αθήνα', 'Привет, Москва', '東京の店舗'];

function sheetCodes(labels: (i: number) => string): SheetCode[] {
  return Array.from({ length: SHEET_CODES }, (_, i) => ({ matrix: encodeText(`https://qr.example/c${i}`, { ecc: 'M' }), label: labels(i) }));
}

async function sheetOnce(codes: SheetCode[]): Promise<{ ms: number; bytes: number }> {
  const parsed = parseSheetLayout({ preset: 'a4-3x7', label: 'name' });
  if (!parsed.ok) throw new Error('bad layout');
  const t0 = process.hrtime.bigint();
  let bytes = 0;
  for await (const chunk of renderSheet(parsed.layout, codes)) bytes += chunk.length;
  return { ms: Number(process.hrtime.bigint() - t0) / 1e6, bytes };
}

/** Time to draw `SINGLE` codes with `draw`, in ms per code, and the bytes of the last one. */
async function perCode(draw: (payload: string) => Buffer | string | Promise<Buffer | string>): Promise<{ ms: number; bytes: number }> {
  const t0 = process.hrtime.bigint();
  let bytes = 0;
  for (let i = 0; i < SINGLE; i++) bytes = Buffer.byteLength(await draw(`https://qr.example/c${i}`));
  return { ms: Number(process.hrtime.bigint() - t0) / 1e6 / SINGLE, bytes };
}

/**
 * PDF output in-process, without HTTP: a 300-code print sheet (A4, 21 labels a page) with Latin labels
 * and with labels in four scripts, and single-code vector PDFs against the SVG of the same code.
 */
export async function benchPdf(runs = 5): Promise<BenchRow[]> {
  const latin = sheetCodes((i) => `Code ${i}`);
  const prepared = await prepareLogo(Buffer.from(STAR_SVG));
  const logo = { png: prepared.png, width: prepared.width, height: prepared.height };
  // Every code designed, each showing the same logo (one Buffer, as the sheet builder passes it), at level H.
  const branded: SheetCode[] = Array.from({ length: SHEET_CODES }, (_, i) => ({
    matrix: encodeText(`https://qr.example/c${i}`, { ecc: 'H' }),
    label: `Code ${i}`,
    design: BRANDED,
    logo,
  }));
  const scripts = sheetCodes((i) => `${LABELS[i % LABELS.length]} ${i}`);
  const svgDraw = (p: string) => renderSvg(encodeText(p, { ecc: 'M' }), { margin: 4 });
  const pdfDraw = (p: string) => renderPdf(encodeText(p, { ecc: 'M' }), { sizePt: 100 });
  await sheetOnce(latin);
  await sheetOnce(scripts);
  await sheetOnce(branded);
  await perCode(pdfDraw);
  const [l, s, pdf, svg, b] = [[], [], [], [], []] as Array<Array<{ ms: number; bytes: number }>>;
  for (let i = 0; i < runs; i++) {
    l.push(await sheetOnce(latin));
    b.push(await sheetOnce(branded));
    s.push(await sheetOnce(scripts));
    pdf.push(await perCode(pdfDraw));
    svg.push(await perCode(svgDraw));
  }
  const ms = (xs: Array<{ ms: number }>) => median(xs.map((x) => x.ms));
  const kb = (xs: Array<{ bytes: number }>) => `${(xs[0].bytes / 1024).toFixed(1)} kB`;
  return [
    {
      benchmark: `PDF: a ${SHEET_CODES}-code print sheet, Latin labels (in-process)`,
      figure: `${fmt.ms(ms(l))}, ${kb(l)}`,
      baseline: `the same codes as single-code PDFs: ${fmt.ms(ms(pdf) * SHEET_CODES)}`,
      ratio: (ms(pdf) * SHEET_CODES) / ms(l),
      note: `median of ${runs}; ratio = single-code PDFs ÷ sheet`,
    },
    {
      benchmark: `PDF: a ${SHEET_CODES}-code print sheet, German, Greek, Cyrillic and Japanese labels (in-process)`,
      figure: `${fmt.ms(ms(s))}, ${kb(s)}`,
      baseline: `Latin labels: ${fmt.ms(ms(l))}, ${kb(l)}`,
      ratio: ms(l) / ms(s),
      note: `median of ${runs}; ratio = Latin ÷ four scripts`,
    },
    {
      benchmark: `PDF: a ${SHEET_CODES}-code print sheet of designed codes with a logo (in-process)`,
      figure: `${fmt.ms(ms(b))}, ${kb(b)}`,
      baseline: `plain codes, Latin labels: ${fmt.ms(ms(l))}`,
      ratio: ms(l) / ms(b),
      note: `dots, rounded eyes, a frame, the logo at 25 % (in the file once), ECC H; target under 5 s; median of ${runs}; ratio = plain ÷ designed`,
    },
    {
      benchmark: 'PDF: one code as a vector PDF (short URL, ECC M)',
      figure: `${fmt.ms(ms(pdf))} a code, ${kb(pdf)}`,
      baseline: `the same code as SVG: ${fmt.ms(ms(svg))}`,
      ratio: ms(svg) / ms(pdf),
      note: `median of ${runs} × ${SINGLE} codes; ratio = SVG ÷ PDF`,
    },
  ];
}
