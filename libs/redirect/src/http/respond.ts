import type { ServerResponse } from 'node:http';
import { type HtmlPage } from '@qr/hosted-pages';

/**
 * Every answer on a short link: never cached, never indexed. Each answer hands node:http its whole
 * header list in one `writeHead` (name, value, name, value…): node still validates every name and
 * value there (a CR or LF in a Location throws, as with `setHeader`), but skips the per-call checks
 * and bookkeeping of four or more `setHeader` calls (5–10 µs of CPU per request on a bare server
 * here; docs/benchmarks.md).
 */
const BASE_HEADERS = ['Cache-Control', 'no-store', 'X-Robots-Tag', 'noindex'] as const;

/** `extra`: more header name/value pairs (the unlock cookie of a password-protected code). */
export function sendRedirect(res: ServerResponse, location: string, extra: readonly string[] = []): void {
  res.writeHead(302, [...BASE_HEADERS, ...extra, 'Location', location, 'Content-Length', '0']);
  res.end();
}

export function sendPage(res: ServerResponse, page: HtmlPage, headOnly: boolean, status = page.status, extra: readonly string[] = []): void {
  const body = Buffer.from(page.html, 'utf8');
  res.writeHead(status, [
    ...BASE_HEADERS,
    ...extra,
    'Content-Type',
    'text/html; charset=utf-8',
    'Content-Security-Policy',
    page.csp,
    'X-Content-Type-Options',
    'nosniff',
    'Referrer-Policy',
    'no-referrer',
    'Content-Length',
    String(body.length),
  ]);
  res.end(headOnly ? undefined : body);
}

export function sendFile(res: ServerResponse, file: { body: string; contentType: string; filename: string }, headOnly: boolean): void {
  const body = Buffer.from(file.body, 'utf8');
  res.writeHead(200, [
    ...BASE_HEADERS,
    'Content-Type',
    file.contentType,
    'Content-Disposition',
    `attachment; filename="${file.filename}"`,
    'X-Content-Type-Options',
    'nosniff',
    'Content-Length',
    String(body.length),
  ]);
  res.end(headOnly ? undefined : body);
}

export function sendPlain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, [...BASE_HEADERS, 'Content-Type', 'text/plain; charset=utf-8', 'Content-Length', String(Buffer.byteLength(text))]);
  res.end(text);
}
