import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { type LogoImage } from '@qr/qr-design';
import { type QrCodeRecord } from '../codes/qr-code-record';
import { DRAWING_REVISION } from './drawing-revision';
import { type ImageOptions } from './image-options';
import { renderImage } from './render-image';

export interface RenderedImage {
  contentType: string;
  /** Base64, so the image crosses the command transport as JSON. */
  bodyBase64: string;
  filename: string;
  etag: string;
}

/** What an image request gets: the image, or "not modified" when the client's ETag is the current one. */
export type ImageAnswer = RenderedImage | { etag: string; notModified: true };

const CONTENT_TYPES = { svg: 'image/svg+xml', png: 'image/png', pdf: 'application/pdf' } as const;

/**
 * A code's images, each rendered once and kept, least recently used first out once the kept bodies
 * pass `maxBytes`. The key is everything an image is drawn from: the code (its id and revision: a
 * PATCH moves it), its design as resolved (a change to the brand preset it follows changes that), the
 * text the pattern encodes, the options and the release's way of drawing (DRAWING_REVISION). The ETag is the key's digest, so a conditional request is
 * answered without rendering or reading the cache, and any of those changes gives a new ETag at once.
 */
export class CodeImages {
  private readonly kept: LRUCache<string, RenderedImage, () => Promise<RenderedImage>> | null;

  constructor(maxBytes: number) {
    this.kept =
      maxBytes > 0
        ? new LRUCache({
            maxSize: maxBytes,
            sizeCalculation: (image, key) => image.bodyBase64.length + key.length,
            // Requests for an image being drawn wait for that drawing instead of starting their own.
            fetchMethod: (_key, _stale, { context }) => context(),
          })
        : null;
  }

  async answer(
    record: QrCodeRecord,
    payload: string,
    options: ImageOptions,
    ifNoneMatch: unknown,
    logoOf: (record: QrCodeRecord) => Promise<LogoImage | null>,
  ): Promise<ImageAnswer> {
    const key = JSON.stringify([DRAWING_REVISION, record.workspace_id, record.id, record.revision, record.design, payload, options]);
    const etag = `"${createHash('sha256').update(key).digest('base64url').slice(0, 22)}"`;
    if (typeof ifNoneMatch === 'string' && etagListHas(ifNoneMatch, etag)) return { etag, notModified: true };
    const render = async (): Promise<RenderedImage> => {
      const body = await renderImage(record, payload, options, await logoOf(record));
      return { contentType: CONTENT_TYPES[options.format], bodyBase64: body.toString('base64'), filename: `${record.id}.${options.format}`, etag };
    };
    // One larger than the whole bound is served but not kept.
    return this.kept ? (await this.kept.fetch(key, { context: render }))! : render();
  }
}

/** If-None-Match (RFC 9110): `*`, or a list of entity tags compared weakly (a `W/` prefix does not count). */
export function etagListHas(header: string, etag: string): boolean {
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}
