import type { Request } from 'express';
import { Errors } from '@qr/domain';

/** A text body (CSV) up to `limit` bytes, as UTF-8; larger is a 413 before more is read. */
export async function readTextBody(req: Request, limit: number): Promise<string> {
  const declared = Number(req.headers['content-length']);
  if (declared > limit) throw Errors.payloadTooLarge(`${limit} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw Errors.payloadTooLarge(`${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
