import type { Request, Response } from 'express';

export interface ImagePayload {
  contentType: string;
  bodyBase64: string;
  filename: string;
  etag: string;
}

/** Writes a rendered image with its ETag, answering 304 when the client already has it. */
export function sendImage(req: Request, res: Response, image: ImagePayload, o: { download: boolean; cacheControl: string }): void {
  res.setHeader('ETag', image.etag);
  res.setHeader('Cache-Control', o.cacheControl);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (req.headers['if-none-match'] === image.etag) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Type', image.contentType === 'image/svg+xml' ? 'image/svg+xml; charset=utf-8' : image.contentType);
  // An SVG opened directly must not run or fetch anything, even if a payload ever carried markup; a logo is inline (data:).
  if (image.contentType === 'image/svg+xml') res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:");
  if (o.download) res.setHeader('Content-Disposition', `attachment; filename="${image.filename}"`);
  res.status(200).end(Buffer.from(image.bodyBase64, 'base64'));
}
