import PDFDocument from 'pdfkit';
import type { QrMatrix } from '../encoder/qr-matrix';

/** Where a symbol goes on a page, in pdfkit's user space: points from the page's top left. */
export interface PdfBox {
  x: number;
  top: number;
  /** The square's side, quiet zone included. */
  side: number;
}

/**
 * A pdfkit document with no default font (pdfkit would otherwise open Helvetica and write it into
 * every file). pdfkit derives the file's ID from the creation date, so a fixed `created` (a code's
 * last change) gives the same bytes, and the same ETag, for the same drawing.
 */
export function newPdfDocument(created: Date = new Date()): PDFKit.PDFDocument {
  return new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    font: null as unknown as string,
    info: { Producer: 'qr-platform', Creator: 'qr-platform', CreationDate: created },
  });
}

/**
 * The symbol as vector paths in `box`: a light square (so the quiet zone stays white on coloured
 * stock), then one filled rectangle per horizontal run of dark modules.
 */
export function drawQrSymbol(doc: PDFKit.PDFDocument, matrix: QrMatrix, margin: number, box: PdfBox): void {
  const side = matrix.size + 2 * margin;
  const unit = box.side / side;
  doc.save();
  // Module units from here on; pdfkit's y already points down, as the matrix's rows do.
  doc.transform(unit, 0, 0, unit, box.x, box.top);
  doc.rect(0, 0, side, side).fill('white');
  const n = matrix.size;
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      if (!matrix.isDark(x, y)) continue;
      const start = x;
      while (x + 1 < n && matrix.isDark(x + 1, y)) x++;
      doc.rect(start + margin, y + margin, x + 1 - start, 1);
    }
  }
  doc.fill('black');
  doc.restore();
}

/** The whole file once the document has ended. */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
