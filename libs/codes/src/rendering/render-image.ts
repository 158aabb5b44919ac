import { createHash } from 'node:crypto';
import { staticPayload } from '@qr/qr-content';
import { Errors } from '@qr/domain';
import { type Design, designedPng, drawDesign, drawingToSvg, drawInPdf, eccOf, layoutOf, type LogoImage } from '@qr/qr-design';
import { DEFAULT_MARGIN, encodeText, newPdfDocument, pdfBytes, QrCapacityError, type QrMatrix, renderPdf, renderPng, renderSvg } from '@qr/qr-render';
import { type QrCodeDraft, type QrCodeRecord } from '../codes/qr-code-record';
import { SHORT_CODE_LENGTH } from '../codes/short-code';
import { shortUrlOf } from '../codes/qr-code-view';
import { type ImageOptions } from './image-options';

export interface RenderedImage {
  contentType: string;
  /** Base64, so the image crosses the command transport as JSON. */
  bodyBase64: string;
  filename: string;
  etag: string;
}

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
  const standIn = { ...draft, short_code: draft.category === 'dynamic' ? '0'.repeat(SHORT_CODE_LENGTH) : null } as QrCodeRecord;
  const matrix = encodeAt(payloadOf(standIn, shortBaseUrl, domainHost), eccOf(draft.design, 'M'));
  return draft.design ? drawingToSvg(drawDesign(matrix, draft.design, logo)) : renderSvg(matrix, { margin: DEFAULT_MARGIN });
}

export async function renderImage(record: QrCodeRecord, payload: string, options: ImageOptions, logo: LogoImage | null = null): Promise<RenderedImage> {
  // Under a logo the code is always at level H: it hides modules that error correction must restore.
  const matrix = encodeAt(payload, eccOf(record.design, options.ecc));
  const changed = new Date(record.updated_at);
  const body = record.design
    ? await encodeDesigned(matrix, { ...record.design, margin: options.margin ?? record.design.margin }, options, changed, logo)
    : await encode(matrix, { ...options, margin: options.margin ?? DEFAULT_MARGIN }, changed);
  return {
    contentType: { svg: 'image/svg+xml', png: 'image/png', pdf: 'application/pdf' }[options.format],
    bodyBase64: body.toString('base64'),
    filename: `${record.id}.${options.format}`,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
  };
}

/** Codes are checked to fit at ECC M when created; a higher level may not have the room. */
function encodeAt(payload: string, ecc: ImageOptions['ecc']): QrMatrix {
  try {
    return encodeText(payload, { ecc });
  } catch (err) {
    if (!(err instanceof QrCapacityError)) throw err;
    throw Errors.validationFailed([
      { pointer: '/ecc', code: 'too_large_for_ecc', detail: `the code's data does not fit at error correction ${ecc}; use a lower level` },
    ]);
  }
}

/**
 * A code without a design: the plain renderers (one stroked path, a 1-bit PNG). They are the fast
 * path of drawing the default design, and a test holds them to the same modules as `encodeDesigned`.
 * `changed` dates a PDF, so an unchanged code gives the same bytes (and ETag) each time.
 */
function encode(matrix: QrMatrix, o: ImageOptions & { margin: number }, changed: Date): Buffer | Promise<Buffer> {
  const modules = matrix.size + 2 * o.margin;
  switch (o.format) {
    case 'svg':
      return Buffer.from(renderSvg(matrix, { margin: o.margin, ...(o.size ? { size: o.size } : {}) }), 'utf8');
    case 'png':
      return renderPng(matrix, { margin: o.margin, scale: o.size ? Math.max(1, Math.floor(o.size / modules)) : 8 });
    case 'pdf':
      return renderPdf(matrix, { margin: o.margin, created: changed, ...(o.size ? { sizePt: o.size } : {}) });
  }
}

/** A designed code: one drawing (libs/qr-design) as SVG, as PNG through resvg, or as vector PDF. */
async function encodeDesigned(matrix: QrMatrix, design: Design, o: ImageOptions, changed: Date, logo: LogoImage | null): Promise<Buffer> {
  if (o.format === 'png') return designedPng(matrix, design, logo, o.size ?? Math.round(layoutOf(matrix.size, design).width * 8));
  const drawing = drawDesign(matrix, design, logo);
  switch (o.format) {
    case 'svg':
      return Buffer.from(drawingToSvg(drawing, o.size ?? undefined), 'utf8');
    case 'pdf': {
      const width = o.size ?? 288;
      const doc = newPdfDocument(changed);
      const bytes = pdfBytes(doc);
      doc.addPage({ size: [width, (width * drawing.height) / drawing.width], margin: 0 });
      drawInPdf(doc, drawing, { x: 0, top: 0, width });
      doc.end();
      return bytes;
    }
  }
}
