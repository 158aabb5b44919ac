import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QrApiError, QrConnectionError } from '../errors/qr-error.js';
import { QrClient } from '../qr-client.js';

/*
 * The transport over real sockets: a local HTTP server answers what the API (or a proxy in front of
 * it) can answer, and the retry waits are recorded through the injected sleep and random, so every
 * delay is exact and nothing waits for real. The API's own answers are covered by test/e2e/sdk-*.
 */
type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

describe('HttpTransport over HTTP', () => {
  let server: Server;
  let url: string;
  let handlers: Handler[];
  let requests: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }>;
  let sleeps: number[];

  const problem =
    (status: number, code: string, headers: Record<string, string> = {}): Handler =>
    (_req, res) =>
      res
        .writeHead(status, { 'content-type': 'application/problem+json', 'x-request-id': 'req_test', ...headers })
        .end(JSON.stringify({ type: 'about:blank', title: code, status, detail: `${code}!`, code, request_id: 'req_test' }));
  const ok =
    (body: unknown = { object: 'list', data: [] }): Handler =>
    (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const client = (options: ConstructorParameters<typeof QrClient>[0] = {}) =>
    new QrClient({ apiKey: 'qrk_test', baseUrl: url, random: () => 0, sleep: async (ms) => void sleeps.push(ms), ...options });

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        requests.push({ method: req.method!, url: req.url!, headers: req.headers, body });
        const handler = handlers.length > 1 ? handlers.shift()! : handlers[0];
        handler(req, res, body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  beforeEach(() => {
    handlers = [ok()];
    requests = [];
    sleeps = [];
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends the key, a User-Agent and JSON to /api/public/v1, however the base URL is written', async () => {
    handlers = [ok({ id: 'fld_1', object: 'folder', name: 'A', created_at: '2026-01-01T00:00:00Z' })];
    await client({ headers: { 'x-trace': 't1' }, userAgent: 'acme-erp/4.2' }).folders.create({ name: 'A' });
    await client({ baseUrl: `${url}/api/public/v1/` })
      .codes.list({ limit: 5, status: undefined })
      .pages()
      .next();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/public/v1/folders', 'GET /api/public/v1/qrcodes?limit=5']);
    expect(requests[0].headers).toMatchObject({
      authorization: 'Bearer qrk_test',
      'content-type': 'application/json',
      'x-trace': 't1',
      'user-agent': expect.stringMatching(/^qr-platform-sdk\/\d+\.\d+\.\d+ node\/\d+\.\d+\.\d+ acme-erp\/4\.2$/),
    });
    expect(JSON.parse(requests[0].body)).toEqual({ name: 'A' });
    expect(requests[1].headers['content-type']).toBeUndefined();
  });

  it('retries a read after 503 as Retry-After says, then answers', async () => {
    handlers = [problem(503, 'service_unavailable', { 'retry-after': '2' }), problem(503, 'service_unavailable', { 'retry-after': '2' }), ok()];
    const retries: number[] = [];
    await client({ onRetry: (info) => retries.push(info.retry) })
      .codes.list()
      .toArray();
    expect(requests).toHaveLength(3);
    expect(sleeps).toEqual([2000, 2000]);
    expect(retries).toEqual([1, 2]);
  });

  it('gives up after maxRetries with exponential waits, as a typed error, also for a proxy’s HTML 502', async () => {
    handlers = [(_req, res) => res.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad gateway</html>')];
    const error = await client()
      .codes.get('qr_1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QrApiError);
    expect(error).toMatchObject({ status: 502, code: 'http_error', requestId: null, errors: [] });
    expect((error as QrApiError).detail).toContain('Bad gateway');
    expect(requests).toHaveLength(4);
    expect(sleeps).toEqual([250, 500, 1000]);
    handlers = [problem(500, 'internal_error')];
    await expect(client({ maxRetries: 0 }).codes.get('qr_1')).rejects.toMatchObject({ status: 500, code: 'internal_error', requestId: 'req_test' });
    expect(requests).toHaveLength(5);
  });

  it('does not repeat a POST that could act twice, but does when a client_ref makes it safe', async () => {
    handlers = [problem(500, 'internal_error')];
    await expect(client().folders.create({ name: 'A' })).rejects.toMatchObject({ status: 500 });
    await expect(client().codes.create({ type: 'text', category: 'static', content: { text: 'x' } })).rejects.toMatchObject({ status: 500 });
    expect(requests).toHaveLength(2);
    handlers = [problem(500, 'internal_error'), ok({ id: 'qr_1' })];
    expect(await client().codes.create({ type: 'text', category: 'static', content: { text: 'x' }, client_ref: 'x' })).toEqual({ id: 'qr_1' });
    expect(requests).toHaveLength(4);
  });

  it('retries rate_limited even for a POST, and never quota_exceeded', async () => {
    handlers = [problem(429, 'rate_limited', { 'retry-after': '1' }), ok({ id: 'fld_1' })];
    await client().folders.create({ name: 'A' });
    expect(sleeps).toEqual([1000]);
    handlers = [problem(429, 'quota_exceeded', { 'retry-after': '86400' })];
    await expect(client().codes.list().toArray()).rejects.toMatchObject({ code: 'quota_exceeded', retryAfter: 86400 });
    expect(requests).toHaveLength(3);
  });

  it('throws at once when Retry-After is longer than maxRetryDelayMs', async () => {
    handlers = [problem(503, 'service_unavailable', { 'retry-after': '3600' })];
    await expect(client().codes.list().toArray()).rejects.toMatchObject({ status: 503, retryAfter: 3600 });
    expect(requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('reports a refused connection as QrConnectionError, after retrying a read', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await client({ baseUrl: `http://127.0.0.1:${port}` })
      .codes.get('qr_1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QrConnectionError);
    expect(error).toMatchObject({ code: 'connection_failed', message: expect.stringContaining('ECONNREFUSED') });
    expect(sleeps).toHaveLength(3);
  });

  it('times an attempt out, and a redirect is an error, not followed', async () => {
    handlers = [() => undefined];
    await expect(client({ timeoutMs: 100, maxRetries: 0 }).codes.get('qr_1')).rejects.toMatchObject({ name: 'QrConnectionError', code: 'timeout' });
    handlers = [(_req, res) => res.writeHead(301, { location: 'https://elsewhere.example/' }).end()];
    await expect(client().codes.get('qr_1')).rejects.toMatchObject({ status: 301, code: 'http_error' });
    expect(requests.map((r) => r.url)).toEqual(['/api/public/v1/qrcodes/qr_1', '/api/public/v1/qrcodes/qr_1']);
  });

  it('stops waiting for a retry when the caller aborts', async () => {
    handlers = [problem(503, 'service_unavailable', { 'retry-after': '30' })];
    const controller = new AbortController();
    const pending = new QrClient({ apiKey: 'qrk_test', baseUrl: url }).codes.list({}, { signal: controller.signal }).toArray();
    setTimeout(() => controller.abort(new Error('caller gave up')), 50);
    await expect(pending).rejects.toThrow('caller gave up');
    expect(requests).toHaveLength(1);
  });

  it('reports a success that is not JSON (a captive portal, a wrong baseUrl) as invalid_response, not retried', async () => {
    handlers = [(_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Log in to the Wi-Fi</html>')];
    await expect(client().codes.get('qr_1')).rejects.toMatchObject({
      name: 'QrApiError',
      status: 200,
      code: 'invalid_response',
      detail: expect.stringContaining('text/html'),
    });
    expect(requests).toHaveLength(1);
  });

  it('encodes ids in paths', async () => {
    await client().codes.get('qr_1/../../api-keys');
    expect(requests[0].url).toBe('/api/public/v1/qrcodes/qr_1%2F..%2F..%2Fapi-keys');
  });

  it('refuses settings it cannot work with', () => {
    const saved = process.env.QR_API_KEY;
    delete process.env.QR_API_KEY;
    try {
      expect(() => new QrClient({ baseUrl: url })).toThrow(/apiKey is required/);
      process.env.QR_API_KEY = 'qrk_env';
      expect(() => new QrClient({ baseUrl: url })).not.toThrow();
    } finally {
      if (saved === undefined) delete process.env.QR_API_KEY;
      else process.env.QR_API_KEY = saved;
    }
    expect(() => client({ baseUrl: 'ftp://example.com' })).toThrow(/http\(s\)/);
    expect(() => client({ baseUrl: 'not a url' })).toThrow(/not a URL/);
    expect(() => client({ maxRetries: -1 })).toThrow(RangeError);
  });
});
