import { deflateSync } from 'node:zlib';
import { DEFAULT_MARGIN, pdfModuleRects, pdfNumber, type QrMatrix } from '@qr/qr-render';
import { fitText, pdfString, widthOf } from './label-text';
import { type Cell, cellsOf, codeBox, type SheetLayout } from './sheet-layout';
import { PAGE_SIZES } from './units';

/** One code on a sheet: its pattern and the text under it (ignored when the layout has no labels). */
export interface SheetCode {
  matrix: QrMatrix;
  label: string;
}

const CATALOG = 1;
const PAGES = 2;
const FONT = 3;
const FIRST_PAGE_OBJECT = 4;

/**
 * Print sheets as one vector PDF, written as the codes arrive: every module is a filled path (no
 * image), labels are Helvetica text, pages fill cell by cell, row by row. The PDF is produced in
 * chunks (one page at a time), so 300 codes stream out while the rest are still being read. The page
 * tree is written last, which PDF allows: readers find it through the cross-reference table.
 *
 * @example
 * for await (const chunk of renderSheet(layout, codes)) response.write(chunk);
 */
export async function* renderSheet(layout: SheetLayout, codes: AsyncIterable<SheetCode> | Iterable<SheetCode>): AsyncGenerator<Buffer> {
  const page = PAGE_SIZES[layout.pageSize];
  const cells = cellsOf(layout);
  const offsets: number[] = [];
  let written = 0;
  const emit = (text: string | Buffer): Buffer => {
    const chunk = typeof text === 'string' ? Buffer.from(text, 'latin1') : text;
    written += chunk.length;
    return chunk;
  };
  const object = (id: number, body: string | Buffer[]): Buffer => {
    offsets[id] = written;
    const parts =
      typeof body === 'string' ? [Buffer.from(`${id} 0 obj\n${body}\nendobj\n`, 'latin1')] : [Buffer.from(`${id} 0 obj\n`), ...body, Buffer.from('\nendobj\n')];
    return emit(Buffer.concat(parts));
  };
  // The second line's high bytes mark the file as binary (ISO 32000-1 7.5.2).
  yield emit('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  yield object(CATALOG, `<</Type/Catalog/Pages ${PAGES} 0 R>>`);
  yield object(FONT, '<</Type/Font/Subtype/Type1/BaseFont/Helvetica/Encoding/WinAnsiEncoding>>');

  const pageIds: number[] = [];
  let nextId = FIRST_PAGE_OBJECT;
  let content: string[] = [];
  const flush = (): Buffer => {
    const stream = deflateSync(Buffer.from(content.join(''), 'latin1'));
    const contentId = nextId++;
    const pageId = nextId++;
    pageIds.push(pageId);
    content = [];
    return Buffer.concat([
      object(contentId, [Buffer.from(`<</Length ${stream.length}/Filter/FlateDecode>>\nstream\n`), stream, Buffer.from('\nendstream')]),
      object(
        pageId,
        `<</Type/Page/Parent ${PAGES} 0 R/MediaBox[0 0 ${pdfNumber(page.width)} ${pdfNumber(page.height)}]/Resources<</Font<</F1 ${FONT} 0 R>>>>/Contents ${contentId} 0 R>>`,
      ),
    ]);
  };

  let slot = 0;
  for await (const code of codes) {
    if (slot === 0 && layout.cropMarks) content.push(cropMarks(layout, cells));
    content.push(drawCode(cells[slot], code, layout));
    slot += 1;
    if (slot === cells.length) {
      yield flush();
      slot = 0;
    }
  }
  if (slot > 0 || pageIds.length === 0) yield flush();

  yield object(PAGES, `<</Type/Pages/Kids[${pageIds.map((id) => `${id} 0 R`).join(' ')}]/Count ${pageIds.length}>>`);
  const xref = written;
  const count = nextId;
  let table = `xref\n0 ${count}\n0000000000 65535 f \n`;
  // Each entry is exactly 20 bytes: 10-digit offset, 5-digit generation, type, space, newline.
  for (let id = 1; id < count; id++) table += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  yield emit(`${table}trailer\n<</Size ${count}/Root ${CATALOG} 0 R>>\nstartxref\n${xref}\n%%EOF\n`);
}

/** The code as paths in its box (a white square first: the quiet zone stays white on coloured stock), then its label, centred. */
function drawCode(cell: Cell, code: SheetCode, layout: SheetLayout): string {
  const box = codeBox(cell, layout.label);
  const modules = code.matrix.size + 2 * DEFAULT_MARGIN;
  const unit = box.side / modules;
  let out = `q ${pdfNumber(unit)} 0 0 -${pdfNumber(unit)} ${pdfNumber(box.x)} ${pdfNumber(box.y + box.side)} cm\n1 g 0 0 ${modules} ${modules} re f\n0 g\n${pdfModuleRects(code.matrix, DEFAULT_MARGIN)}f\nQ\n`;
  if (layout.label !== 'none' && code.label) {
    const text = fitText(code.label, cell.width * 0.92, box.fontSize);
    const x = cell.x + (cell.width - widthOf(text, box.fontSize)) / 2;
    out += `BT /F1 ${pdfNumber(box.fontSize)} Tf ${pdfNumber(x)} ${pdfNumber(box.labelY)} Td ${pdfString(text)} Tj ET\n`;
  }
  return out;
}

/**
 * Cut lines in the margins, where the grid's columns and rows begin and end: short hairlines that
 * stop 3 pt short of the grid, so they never print onto a code.
 */
function cropMarks(layout: SheetLayout, cells: Cell[]): string {
  const page = PAGE_SIZES[layout.pageSize];
  const xs = [...new Set(cells.flatMap((c) => [c.x, c.x + c.width]).map((v) => Math.round(v * 1000) / 1000))];
  const ys = [...new Set(cells.flatMap((c) => [c.y, c.y + c.height]).map((v) => Math.round(v * 1000) / 1000))];
  const top = page.height - layout.margin.top;
  const bottom = layout.margin.bottom;
  const gap = 3;
  const length = (margin: number) => Math.min(12, margin - gap - 1);
  let out = 'q 0 G 0.25 w\n';
  const vertical = (from: number, to: number) => xs.map((x) => `${pdfNumber(x)} ${pdfNumber(from)} m ${pdfNumber(x)} ${pdfNumber(to)} l S\n`).join('');
  const horizontal = (from: number, to: number) => ys.map((y) => `${pdfNumber(from)} ${pdfNumber(y)} m ${pdfNumber(to)} ${pdfNumber(y)} l S\n`).join('');
  if (length(layout.margin.top) > 2) out += vertical(top + gap, top + gap + length(layout.margin.top));
  if (length(layout.margin.bottom) > 2) out += vertical(bottom - gap, bottom - gap - length(layout.margin.bottom));
  if (length(layout.margin.left) > 2) out += horizontal(layout.margin.left - gap, layout.margin.left - gap - length(layout.margin.left));
  const right = page.width - layout.margin.right;
  if (length(layout.margin.right) > 2) out += horizontal(right + gap, right + gap + length(layout.margin.right));
  return `${out}Q\n`;
}
