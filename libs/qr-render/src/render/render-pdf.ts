import type { QrMatrix } from '../encoder/qr-matrix';
import { drawQrSymbol, newPdfDocument, pdfBytes } from './pdf-document';
import { checkPositive, resolveMargin } from './render-options';

/** Options of {@link renderPdf}. */
export interface RenderPdfOptions {
  /** Page width and height in points, quiet zone included (default 288 pt = 4 in). */
  sizePt?: number;
  /** Quiet zone in modules (default 4). */
  margin?: number;
  /** The document's creation date (default now); the same date gives the same bytes. */
  created?: Date;
}

const DEFAULT_SIZE_PT = 288;
/** The largest page PDF viewers must support (200 in, ISO 32000-1 annex C). */
const MAX_SIZE_PT = 14_400;

/**
 * Renders the symbol as a one-page vector PDF (pdfkit): a white page and one filled rectangle per
 * horizontal run of dark modules, so it prints sharp at any size.
 *
 * @example
 * writeFileSync('code.pdf', await renderPdf(encodeText('hello'), { sizePt: 144 }));
 */
export async function renderPdf(matrix: QrMatrix, options: RenderPdfOptions = {}): Promise<Buffer> {
  const sizePt = checkPositive(options.sizePt ?? DEFAULT_SIZE_PT, 'sizePt', MAX_SIZE_PT);
  const margin = resolveMargin(options.margin);
  const doc = newPdfDocument(options.created);
  const bytes = pdfBytes(doc);
  doc.addPage({ size: [sizePt, sizePt], margin: 0 });
  drawQrSymbol(doc, matrix, margin, { x: 0, top: 0, side: sizePt });
  doc.end();
  return bytes;
}
