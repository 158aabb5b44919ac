import type { Response } from 'express';

/**
 * qr-service's answer to an image command: the image, or "not modified" when the If-None-Match sent
 * with the command held its ETag (decided there, where the ETag is known without rendering).
 */
export type ImagePayload = { contentType: string; bodyBase64: string; filename: string; etag: string } | { etag: string; notModified: true };

/** Writes an image with its ETag, or a 304 when qr-service found the client already has it. */
export function sendImage(res: Response, image: ImagePayload, o: { download: boolean; cacheControl: string }): void {
  res.setHeader('ETag', image.etag);
  res.setHeader('Cache-Control', o.cacheControl);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if ('notModified' in image) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Type', image.contentType === 'image/svg+xml' ? 'image/svg+xml; charset=utf-8' : image.contentType);
  // An SVG opened directly must not run or fetch anything, even if a payload ever carried markup; a logo is inline (data:).
  if (image.contentType === 'image/svg+xml') res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:");
  if (o.download) res.setHeader('Content-Disposition', `attachment; filename="${image.filename}"`);
  res.status(200).end(Buffer.from(image.bodyBase64, 'base64'));
}
