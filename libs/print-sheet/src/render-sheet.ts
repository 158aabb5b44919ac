import { setImmediate as nextTurn } from 'node:timers/promises';
import { DEFAULT_MARGIN, drawQrSymbol, newPdfDocument, type QrMatrix } from '@qr/qr-render';
import { type Design, drawDesign, drawInPdf, LABEL_FONTS, labelFontFile, isRightToLeft, labelRuns, type LogoImage, visualOrder } from '@qr/qr-design';
import { type Cell, cellsOf, codeBox, type SheetLayout } from './sheet-layout';
import { PAGE_SIZES } from './units';

/** One code on a sheet: its pattern and the text under it (ignored when the layout has no labels). */
export interface SheetCode {
  matrix: QrMatrix;
  label: string;
  /** A designed code prints with its design (and logo: pass the same Buffer for every code that shows it, so the PDF holds it once). */
  design?: Design | null;
  logo?: LogoImage | null;
}

/**
 * Print sheets as one vector PDF, drawn with pdfkit as the codes arrive: every module is a filled path
 * (no image), labels are text in embedded, subsetted Noto fonts, pages fill cell by cell, row by row.
 * The PDF comes out a page at a time (pdfkit writes a page when the next one begins), so 300 codes
 * stream while the rest are still being read; the fonts' subsets are written last, once every glyph
 * the sheet uses is known.
 *
 * The layout is in PDF's own coordinates (points from the bottom left); pdfkit draws from the top
 * left, so each y is turned over once, here.
 *
 * @example
 * for await (const chunk of renderSheet(layout, codes)) response.write(chunk);
 */
export async function* renderSheet(layout: SheetLayout, codes: AsyncIterable<SheetCode> | Iterable<SheetCode>): AsyncGenerator<Buffer> {
  const page = PAGE_SIZES[layout.pageSize];
  const cells = cellsOf(layout);
  const doc = newPdfDocument();
  const written = collect(doc);
  const registered = new Set<number>();
  const font = (i: number): string => {
    if (!registered.has(i)) doc.registerFont(`label-${i}`, labelFontFile(i));
    registered.add(i);
    return `label-${i}`;
  };
  const newPage = () => {
    doc.addPage({ size: [page.width, page.height], margin: 0 });
    if (layout.cropMarks) drawCropMarks(doc, layout, cells);
  };

  let slot = 0;
  let pages = 0;
  for await (const code of codes) {
    if (slot === 0) {
      newPage();
      pages += 1;
      // The page before this one has just been written.
      if (pages > 1) yield await written.take();
    }
    drawCode(doc, cells[slot], code, layout, page.height, font);
    // A designed code takes milliseconds to draw and a page holds dozens: other requests get a turn after each code, not each page.
    await nextTurn();
    slot = (slot + 1) % cells.length;
  }
  if (pages === 0) newPage();
  doc.end();
  yield await written.rest();
}

/** The code in its box, then its label centred under it. */
function drawCode(doc: PDFKit.PDFDocument, cell: Cell, code: SheetCode, layout: SheetLayout, pageHeight: number, font: (i: number) => string): void {
  const box = codeBox(cell, layout.label);
  if (code.design) {
    // The same drawing as the code's own downloads, fitted into the box (a frame makes it taller than wide).
    const drawing = drawDesign(code.matrix, code.design, code.logo ?? null);
    const width = Math.min(box.side, (box.side * drawing.width) / drawing.height);
    const height = (width * drawing.height) / drawing.width;
    drawInPdf(doc, drawing, { x: box.x + (box.side - width) / 2, top: pageHeight - box.y - box.side + (box.side - height) / 2, width });
  } else {
    drawQrSymbol(doc, code.matrix, DEFAULT_MARGIN, { x: box.x, top: pageHeight - box.y - box.side, side: box.side });
  }
  if (layout.label === 'none' || !code.label) return;
  const measure = (text: string, i: number) => doc.font(font(i)).fontSize(box.fontSize).widthOfString(text);
  // pdfkit drops the spaces of a right-to-left run (it spaces words in their logical order), so such a
  // run goes word by word, right to left; fontkit shapes each word.
  const pieces = visualOrder(labelRuns(code.label, LABEL_FONTS, measure, cell.width * 0.92)).flatMap((run) =>
    isRightToLeft(run.text)
      ? run.text
          .split(/( )/)
          .filter(Boolean)
          .reverse()
          .map((text) => ({ font: run.font, text }))
      : [run],
  );
  const widths = pieces.map((r) => measure(r.text, r.font));
  let x = cell.x + (cell.width - widths.reduce((a, b) => a + b, 0)) / 2;
  doc.fillColor('black');
  pieces.forEach((piece, i) => {
    if (piece.text !== ' ') {
      doc
        .font(font(piece.font))
        .fontSize(box.fontSize)
        .text(piece.text, x, pageHeight - box.labelY, { lineBreak: false, baseline: 'alphabetic' });
    }
    x += widths[i];
  });
}

/**
 * Cut lines in the margins, where the grid's columns and rows begin and end: short hairlines that
 * stop 3 pt short of the grid, so they never print onto a code.
 */
function drawCropMarks(doc: PDFKit.PDFDocument, layout: SheetLayout, cells: Cell[]): void {
  const page = PAGE_SIZES[layout.pageSize];
  const flip = (y: number) => page.height - y;
  const xs = [...new Set(cells.flatMap((c) => [c.x, c.x + c.width]).map((v) => Math.round(v * 1000) / 1000))];
  const ys = [...new Set(cells.flatMap((c) => [c.y, c.y + c.height]).map((v) => Math.round(v * 1000) / 1000))];
  const top = page.height - layout.margin.top;
  const bottom = layout.margin.bottom;
  const right = page.width - layout.margin.right;
  const gap = 3;
  const length = (margin: number) => Math.min(12, margin - gap - 1);
  const vertical = (from: number, to: number) => xs.forEach((x) => doc.moveTo(x, flip(from)).lineTo(x, flip(to)));
  const horizontal = (from: number, to: number) => ys.forEach((y) => doc.moveTo(from, flip(y)).lineTo(to, flip(y)));
  doc.save().lineWidth(0.25).strokeColor('black');
  if (length(layout.margin.top) > 2) vertical(top + gap, top + gap + length(layout.margin.top));
  if (length(layout.margin.bottom) > 2) vertical(bottom - gap, bottom - gap - length(layout.margin.bottom));
  if (length(layout.margin.left) > 2) horizontal(layout.margin.left - gap, layout.margin.left - gap - length(layout.margin.left));
  if (length(layout.margin.right) > 2) horizontal(right + gap, right + gap + length(layout.margin.right));
  doc.stroke().restore();
}

/**
 * The document's bytes as pdfkit pushes them: `take` hands over what has been written so far (after
 * letting the stream deliver it), `rest` waits for the end.
 */
function collect(doc: PDFKit.PDFDocument): { take(): Promise<Buffer>; rest(): Promise<Buffer> } {
  let chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const drain = () => {
    const out = Buffer.concat(chunks);
    chunks = [];
    return out;
  };
  return {
    take: () => new Promise((resolve) => setImmediate(() => resolve(drain()))),
    rest: () => ended.then(drain),
  };
}
