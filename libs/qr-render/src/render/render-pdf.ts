import type { QrMatrix } from '../encoder/qr-matrix';
import { pdfModuleRects } from './pdf-module-rects';
import { pdfNumber } from './pdf-number';
import { checkPositive, resolveMargin } from './render-options';

/** Options of {@link renderPdf}. */
export interface RenderPdfOptions {
  /** Page width and height in points, quiet zone included (default 288 pt = 4 in). */
  sizePt?: number;
  /** Quiet zone in modules (default 4). */
  margin?: number;
}

const DEFAULT_SIZE_PT = 288;
/** The largest page PDF viewers must support (200 in, ISO 32000-1 annex C). */
const MAX_SIZE_PT = 14_400;

/**
 * Renders the symbol as a one-page PDF 1.4 with vector content: a white page and one filled
 * rectangle per horizontal run of dark modules, so it prints sharp at any size.
 *
 * @example
 * writeFileSync('code.pdf', renderPdf(encodeText('hello'), { sizePt: 144 }));
 */
export function renderPdf(matrix: QrMatrix, options: RenderPdfOptions = {}): Buffer {
  const sizePt = checkPositive(options.sizePt ?? DEFAULT_SIZE_PT, 'sizePt', MAX_SIZE_PT);
  const margin = resolveMargin(options.margin);
  const content = pageContent(matrix, margin, sizePt);
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    `<</Type/Page/Parent 2 0 R/MediaBox[0 0 ${pdfNumber(sizePt)} ${pdfNumber(sizePt)}]/Resources<<>>/Contents 4 0 R>>`,
    `<</Length ${content.length}>>\nstream\n${content}\nendstream`,
  ];
  // The second line's high bytes tell transfer tools the file is binary (ISO 32000-1 7.5.2).
  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  // Each xref entry is exactly 20 bytes: 10-digit offset, 5-digit generation, type, space, newline.
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  // latin1 keeps one byte per character, so string offsets are byte offsets.
  return Buffer.from(pdf, 'latin1');
}

/**
 * The content stream, drawn in module units: the transform scales a module to `sizePt / side` points
 * and flips y so that row 0 is at the top, as in the matrix.
 */
function pageContent(matrix: QrMatrix, margin: number, sizePt: number): string {
  const side = matrix.size + 2 * margin;
  const unit = pdfNumber(sizePt / side);
  const content = `q ${unit} 0 0 -${unit} 0 ${pdfNumber(sizePt)} cm\n1 g 0 0 ${side} ${side} re f\n0 g\n${pdfModuleRects(matrix, margin)}`;
  return `${content}f\nQ`;
}
