import { getOrCreate } from '@qr/domain';
import type { Drawing, Paint } from '../draw/draw-design';

/**
 * Draws the drawing into a pdfkit document as vector paths (pdfkit reads SVG path data, arcs
 * included), `width` points wide with its top left at (x, top).
 */
export function drawInPdf(doc: PDFKit.PDFDocument, drawing: Drawing, box: { x: number; top: number; width: number }): void {
  const unit = box.width / drawing.width;
  doc.save();
  doc.transform(unit, 0, 0, unit, box.x, box.top);
  for (const layer of drawing.layers) {
    if (layer.d === '') continue;
    doc.path(layer.d).fill(pdfPaint(doc, layer.paint), layer.evenOdd ? 'even-odd' : 'non-zero');
  }
  for (const image of drawing.images)
    doc.image(embedded(doc, image.png), image.x, image.y, { fit: [image.side, image.side], align: 'center', valign: 'center' });
  doc.restore();
}

// pdfkit embeds a Buffer again each time it is drawn; an opened image (pdfkit's own, untyped
// `openImage`) is embedded once per document, so a sheet of 300 codes with one logo holds it once.
type OpenedImage = { width: number; height: number };
const opened = new WeakMap<PDFKit.PDFDocument, Map<Buffer, OpenedImage>>();

function embedded(doc: PDFKit.PDFDocument, png: Buffer): Buffer {
  const images = getOrCreate(opened, doc, () => new Map<Buffer, OpenedImage>());
  const image = getOrCreate(images, png, () => (doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(png));
  // doc.image takes an opened image where it takes a Buffer (it checks for width and height).
  return image as unknown as Buffer;
}

function pdfPaint(doc: PDFKit.PDFDocument, paint: Paint): PDFKit.Mixins.ColorValue {
  if (paint.kind === 'solid') return paint.color;
  const gradient =
    paint.kind === 'linear'
      ? doc.linearGradient(paint.x1, paint.y1, paint.x2, paint.y2)
      : doc.radialGradient(paint.cx, paint.cy, 0, paint.cx, paint.cy, paint.r);
  gradient.stop(0, paint.start).stop(1, paint.end);
  return gradient;
}
