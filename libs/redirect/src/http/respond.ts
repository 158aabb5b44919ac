import type { ServerResponse } from 'node:http';
import { type HtmlPage } from '@qr/hosted-pages';

/** Every answer on a short link: never cached, never indexed. */
function baseHeaders(res: ServerResponse): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Robots-Tag', 'noindex');
}

export function sendRedirect(res: ServerResponse, location: string): void {
  baseHeaders(res);
  res.statusCode = 302;
  res.setHeader('Location', location);
  res.setHeader('Content-Length', '0');
  res.end();
}

export function sendPage(res: ServerResponse, page: HtmlPage, headOnly: boolean, status = page.status): void {
  baseHeaders(res);
  const body = Buffer.from(page.html, 'utf8');
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Security-Policy', page.csp);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Content-Length', body.length);
  res.end(headOnly ? undefined : body);
}

export function sendFile(res: ServerResponse, file: { body: string; contentType: string; filename: string }, headOnly: boolean): void {
  baseHeaders(res);
  const body = Buffer.from(file.body, 'utf8');
  res.statusCode = 200;
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Length', body.length);
  res.end(headOnly ? undefined : body);
}

export function sendPlain(res: ServerResponse, status: number, text: string): void {
  baseHeaders(res);
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end(text);
}
