import { staticPayload } from '@qr/qr-content';
import { Errors } from '@qr/domain';
import { DEFAULT_DESIGN, type Design, designedPng, drawDesign, drawingToSvg, drawInPdf, eccOf, layoutOf, type LogoImage } from '@qr/qr-design';
import { DEFAULT_MARGIN, encodeText, fitsInQr, newPdfDocument, pdfBytes, type QrMatrix, renderPdf, renderSvg } from '@qr/qr-render';
import { type QrCodeDraft, type QrCodeRecord } from '../codes/qr-code-record';
import { SHORT_CODE_LENGTH } from '../codes/short-code';
import { shortUrlOf } from '../codes/qr-code-view';
import { type ImageOptions } from './image-options';

/** What a code's pattern is made from. */
export type PatternSource = Pick<QrCodeRecord, 'category' | 'type' | 'content' | 'short_code'>;

/** What the pattern encodes: the short URL of a dynamic code, the data itself for a static one. */
export function payloadOf(record: PatternSource, shortBaseUrl: string, domainHost: string | null): string {
  return record.category === 'dynamic' ? shortUrlOf(record, shortBaseUrl, domainHost)! : staticPayload(record.type, record.content);
}

/**
 * The pattern of a code not created yet, for the dashboard's live preview: a dynamic code's short
 * link gets a stand-in code of the real length, so the preview has the size and density it will have.
 */
export function renderDraftSvg(draft: QrCodeDraft, shortBaseUrl: string, domainHost: string | null, logo: LogoImage | null = null): string {
  const standIn = { ...draft, short_code: draft.category === 'dynamic' ? (draft.short_code ?? '0'.repeat(SHORT_CODE_LENGTH)) : null } as QrCodeRecord;
  const matrix = encodeAt(payloadOf(standIn, shortBaseUrl, domainHost), eccOf(draft.design, 'M'));
  return draft.design ? drawingToSvg(drawDesign(matrix, draft.design, logo)) : renderSvg(matrix, { margin: DEFAULT_MARGIN });
}

/**
 * A code's image in the format asked for. A PNG is always a drawing through resvg (a code without a
 * design: the default design, at whole pixels a module, as the plain SVG and PDF draw it); SVG and PDF
 * are the plain renderers' for a code without a design. `updated_at` dates a PDF, so an unchanged code
 * gives the same bytes.
 */
export async function renderImage(record: QrCodeRecord, payload: string, options: ImageOptions, logo: LogoImage | null = null): Promise<Buffer> {
  // Under a logo the code is always at level H: it hides modules that error correction must restore.
  const matrix = encodeAt(payload, eccOf(record.design, options.ecc));
  const changed = new Date(record.updated_at);
  if (options.format === 'png') {
    const [design, width] = pngDrawing(matrix, record.design, options);
    return designedPng(matrix, design, logo, width);
  }
  return record.design
    ? encodeDesigned(matrix, { ...record.design, margin: options.margin ?? record.design.margin }, options, changed, logo)
    : encodePlain(matrix, { ...options, margin: options.margin ?? DEFAULT_MARGIN }, changed);
}

/** The design a PNG draws and its width: `size` for a designed code; whole pixels a module (at most `size`) for a plain one, so its edges stay sharp. */
function pngDrawing(matrix: QrMatrix, design: Design | null, o: ImageOptions): [Design, number] {
  const drawn = { ...(design ?? DEFAULT_DESIGN), margin: o.margin ?? design?.margin ?? DEFAULT_MARGIN };
  const modules = layoutOf(matrix.size, drawn).width;
  if (design) return [drawn, o.size ?? Math.round(modules * 8)];
  return [drawn, modules * (o.size ? Math.max(1, Math.floor(o.size / modules)) : 8)];
}

/** Codes are checked to fit at ECC M when created; a higher level may not have the room. */
function encodeAt(payload: string, ecc: ImageOptions['ecc']): QrMatrix {
  if (fitsInQr(payload, ecc)) return encodeText(payload, { ecc });
  throw Errors.validationFailed([
    { pointer: '/ecc', code: 'too_large_for_ecc', detail: `the code's data does not fit at error correction ${ecc}; use a lower level` },
  ]);
}

/** A code without a design: qr-render's plain SVG (one stroked path) and vector PDF. */
function encodePlain(matrix: QrMatrix, o: ImageOptions & { margin: number }, changed: Date): Buffer | Promise<Buffer> {
  if (o.format === 'svg') return Buffer.from(renderSvg(matrix, { margin: o.margin, ...(o.size ? { size: o.size } : {}) }), 'utf8');
  return renderPdf(matrix, { margin: o.margin, created: changed, ...(o.size ? { sizePt: o.size } : {}) });
}

/** A designed code's SVG or vector PDF: one drawing (libs/qr-design). */
function encodeDesigned(matrix: QrMatrix, design: Design, o: ImageOptions, changed: Date, logo: LogoImage | null): Buffer | Promise<Buffer> {
  const drawing = drawDesign(matrix, design, logo);
  if (o.format === 'svg') return Buffer.from(drawingToSvg(drawing, o.size ?? undefined), 'utf8');
  const width = o.size ?? 288;
  const doc = newPdfDocument(changed);
  const bytes = pdfBytes(doc);
  doc.addPage({ size: [width, (width * drawing.height) / drawing.width], margin: 0 });
  drawInPdf(doc, drawing, { x: 0, top: 0, width });
  doc.end();
  return bytes;
}
