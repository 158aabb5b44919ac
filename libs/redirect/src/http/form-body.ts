import type { IncomingMessage } from 'node:http';

export const MAX_FORM_BYTES = 32 * 1024;

/** Reads an urlencoded form body (at most 32 KiB); null when it is too large or not a form. */
export async function readFormBody(req: IncomingMessage): Promise<Record<string, string | string[]> | null> {
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  // No prototype: a submitted `__proto__` or `constructor` field is just a key.
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [k, v] of new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}
