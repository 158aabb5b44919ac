import { createServer, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { sendFile, sendPage, sendPlain, sendRedirect } from './respond';

/** Serves one answer from a real node:http server and reads it back over a socket. */
async function answer(send: (res: ServerResponse) => void, method = 'GET'): Promise<{ status: number; headers: Headers; body: string; error: unknown }> {
  let error: unknown = null;
  const server = createServer((_req, res) => {
    try {
      send(res);
    } catch (err) {
      error = err;
      res.statusCode = 500;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/x`, { method, redirect: 'manual' });
    return { status: res.status, headers: res.headers, body: await res.text(), error };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('short-link answers', () => {
  it('redirects with no-store, noindex and an empty body', async () => {
    const r = await answer((res) => sendRedirect(res, 'https://shop.example/p?utm_source=qr'));
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('https://shop.example/p?utm_source=qr');
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('x-robots-tag')).toBe('noindex');
    expect(r.headers.get('content-length')).toBe('0');
    expect(r.body).toBe('');
  });

  it('refuses a Location that would split the response', async () => {
    const r = await answer((res) => sendRedirect(res, 'https://a.example/\r\nSet-Cookie: x=1'));
    expect((r.error as { code?: string }).code).toBe('ERR_INVALID_CHAR');
    expect(r.status).toBe(500);
    expect(r.headers.get('set-cookie')).toBeNull();
  });

  it('serves a page under its CSP with a byte-exact length, and HEAD without the body', async () => {
    const page = { status: 410, html: '<p>Ende · fin</p>', csp: "default-src 'none'" };
    const get = await answer((res) => sendPage(res, page, false));
    expect(get.status).toBe(410);
    expect(get.body).toBe(page.html);
    expect(get.headers.get('content-length')).toBe(String(Buffer.byteLength(page.html)));
    expect(get.headers.get('content-security-policy')).toBe(page.csp);
    expect(get.headers.get('x-content-type-options')).toBe('nosniff');
    expect(get.headers.get('cache-control')).toBe('no-store');
    const head = await answer((res) => sendPage(res, page, true), 'HEAD');
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(page.html)));
    expect(head.body).toBe('');
  });

  it('sends a download as an attachment, and plain text with its length', async () => {
    const file = await answer((res) =>
      sendFile(res, { body: 'BEGIN:VCARD\r\nEND:VCARD\r\n', contentType: 'text/vcard; charset=utf-8', filename: 'contact.vcf' }, false),
    );
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="contact.vcf"');
    expect(file.body).toBe('BEGIN:VCARD\r\nEND:VCARD\r\n');
    const plain = await answer((res) => sendPlain(res, 429, 'Too many submissions; try again in a minute.'));
    expect(plain.status).toBe(429);
    expect(plain.headers.get('content-length')).toBe('44');
    expect(plain.headers.get('x-robots-tag')).toBe('noindex');
  });
});
