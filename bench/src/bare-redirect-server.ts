import { createServer, type Server } from 'node:http';

/**
 * The baseline: node:http answering every request with the same 302 our redirect sends (the same
 * headers, written the same way: one `writeHead` with the header list), doing nothing else.
 */
export async function startBareRedirectServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(302, ['Cache-Control', 'no-store', 'X-Robots-Tag', 'noindex', 'Location', 'https://example.com/landing', 'Content-Length', '0']);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}/AbC12xY`, close: () => new Promise((r) => server.close(() => r())) };
}
