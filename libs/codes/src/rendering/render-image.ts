import { createHash } from 'node:crypto';
import { staticPayload } from '@qr/qr-content';
import { Errors } from '@qr/domain';
import { encodeText, QrCapacityError, type QrMatrix, renderPdf, renderPng, renderSvg } from '@qr/qr-render';
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

/** What the pattern encodes: the short URL of a dynamic code, the data itself for a static one. */
export function payloadOf(record: QrCodeRecord, shortBaseUrl: string, domainHost: string | null): string {
  return record.category === 'dynamic' ? shortUrlOf(record, shortBaseUrl, domainHost)! : staticPayload(record.type, record.content);
}

/**
 * The pattern of a code not created yet, for the dashboard's live preview: a dynamic code's short
 * link gets a stand-in code of the real length, so the preview has the size and density it will have.
 */
export function renderDraftSvg(draft: QrCodeDraft, shortBaseUrl: string, domainHost: string | null): string {
  const standIn = { ...draft, short_code: draft.category === 'dynamic' ? '0'.repeat(SHORT_CODE_LENGTH) : null } as QrCodeRecord;
  return renderSvg(encodeAt(payloadOf(standIn, shortBaseUrl, domainHost), 'M'), { margin: 4 });
}

export async function renderImage(record: QrCodeRecord, payload: string, options: ImageOptions): Promise<RenderedImage> {
  const matrix = encodeAt(payload, options.ecc);
  const body = await encode(matrix, options, new Date(record.updated_at));
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

/** `changed` dates a PDF, so an unchanged code gives the same bytes (and ETag) each time. */
function encode(matrix: QrMatrix, o: ImageOptions, changed: Date): Buffer | Promise<Buffer> {
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
