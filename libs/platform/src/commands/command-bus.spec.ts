import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { ApiError, Errors } from '@qr/domain';
import { COMMAND_PATH_PREFIX, CommandRegistry, HttpCommandBus, InProcessCommandBus, INTERNAL_TOKEN_HEADER } from './command-bus';

describe('CommandRegistry', () => {
  it('resolves a registered handler and nothing else', () => {
    const registry = new CommandRegistry();
    const handler = async () => 'ok';
    registry.register('qr.create', handler);
    expect(registry.resolve('qr.create')).toBe(handler);
    expect(registry.resolve('qr.delete')).toBeUndefined();
  });

  it('refuses to register the same command twice, keeping the first handler', () => {
    const registry = new CommandRegistry();
    const first = async () => 1;
    registry.register('qr.create', first);
    expect(() => registry.register('qr.create', async () => 2)).toThrow(/qr\.create registered twice/);
    expect(registry.resolve('qr.create')).toBe(first);
  });
});

describe('InProcessCommandBus', () => {
  it('passes a deep copy: the handler mutating the payload does not change the caller’s object', async () => {
    const registry = new CommandRegistry();
    let seen: unknown;
    registry.register('qr.create', async (payload) => {
      seen = payload;
      const p = payload as { name: string; tags: string[]; nested: { n: number } };
      p.name = 'changed';
      p.tags.push('added');
      p.nested.n = 99;
      return { ok: true };
    });
    const payload = { name: 'original', tags: ['a'], nested: { n: 1 } };
    await new InProcessCommandBus(registry).send('qr-service', 'qr.create', payload);

    expect(payload).toEqual({ name: 'original', tags: ['a'], nested: { n: 1 } });
    expect(seen).not.toBe(payload);
    expect(seen).toEqual({ name: 'changed', tags: ['a', 'added'], nested: { n: 99 } });
  });

  it('copies through JSON like the wire does (Dates become strings, undefined fields vanish)', async () => {
    const registry = new CommandRegistry();
    const handler = jest.fn(async (payload: unknown) => payload);
    registry.register('echo', handler);
    const at = new Date('2026-03-01T00:00:00Z');
    await new InProcessCommandBus(registry).send('qr-service', 'echo', { at, gone: undefined });
    expect(handler).toHaveBeenCalledWith({ at: '2026-03-01T00:00:00.000Z' });
  });

  it('sends null for an undefined payload', async () => {
    const registry = new CommandRegistry();
    const handler = jest.fn(async () => undefined);
    registry.register('ping', handler);
    await expect(new InProcessCommandBus(registry).send('qr-service', 'ping', undefined)).resolves.toBeUndefined();
    expect(handler).toHaveBeenCalledWith(null);
  });

  it('returns a copy of the result, not the handler’s object', async () => {
    const registry = new CommandRegistry();
    const stored = { id: 'qr_1', tags: ['x'] };
    registry.register('qr.get', async () => stored);
    const result = await new InProcessCommandBus(registry).send<{ id: string; tags: string[] }>('qr-service', 'qr.get', { id: 'qr_1' });
    expect(result).toEqual(stored);
    expect(result).not.toBe(stored);
    result.tags.push('mutated');
    expect(stored.tags).toEqual(['x']);
  });

  it('throws for an unknown command without calling anything', async () => {
    const registry = new CommandRegistry();
    const other = jest.fn(async () => null);
    registry.register('qr.create', other);
    await expect(new InProcessCommandBus(registry).send('qr-service', 'qr.nope', {})).rejects.toThrow(/no handler for command qr\.nope/);
    expect(other).not.toHaveBeenCalled();
  });

  it('lets an ApiError from the handler through unchanged', async () => {
    const registry = new CommandRegistry();
    const error = Errors.notFound('qr_code');
    registry.register('qr.get', async () => {
      throw error;
    });
    await expect(new InProcessCommandBus(registry).send('qr-service', 'qr.get', {})).rejects.toBe(error);
  });

  it('with a timeout, a handler slower than it rejects with 503 service_unavailable', async () => {
    const registry = new CommandRegistry();
    registry.register('redirect.scan-counts', () => new Promise((resolve) => setTimeout(() => resolve({ a: 1 }), 300)));
    const started = Date.now();
    await expect(new InProcessCommandBus(registry).send('redirect-service', 'redirect.scan-counts', {}, { timeoutMs: 50 })).rejects.toMatchObject({
      status: 503,
      code: 'service_unavailable',
    });
    expect(Date.now() - started).toBeLessThan(250);
  });

  it('with a timeout, a handler faster than it answers as usual', async () => {
    const registry = new CommandRegistry();
    registry.register('redirect.scan-counts', async () => ({ a: 1 }));
    await expect(new InProcessCommandBus(registry).send('redirect-service', 'redirect.scan-counts', {}, { timeoutMs: 1_000 })).resolves.toEqual({ a: 1 });
  });
});

describe('HttpCommandBus (against a loopback server)', () => {
  const TOKEN = 'internal-token-for-tests-0123456789';

  interface Seen {
    method?: string;
    url?: string;
    token?: string | string[];
    contentType?: string;
    body: unknown;
  }
  type Reply = { status: number; body: string; contentType?: string };

  let server: Server;
  let baseUrl: string;
  let seen: Seen[];
  let reply: (req: Seen) => Reply;

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const entry: Seen = {
          method: req.method,
          url: req.url,
          token: req.headers[INTERNAL_TOKEN_HEADER],
          contentType: req.headers['content-type'],
          body: raw ? (JSON.parse(raw) as unknown) : undefined,
        };
        seen.push(entry);
        const r = reply(entry);
        res.writeHead(r.status, { 'content-type': r.contentType ?? 'application/json' });
        res.end(r.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => {
    seen = [];
    reply = () => ({ status: 200, body: JSON.stringify({ result: null }) });
  });

  const bus = (url = baseUrl) => new HttpCommandBus({ 'qr-service': url }, TOKEN, 5_000);

  it('POSTs the payload as JSON to /internal/v1/commands/<name> with the internal token and returns `result`', async () => {
    reply = () => ({ status: 200, body: JSON.stringify({ result: { id: 'qr_1', name: 'Menu' } }) });
    const result = await bus().send<{ id: string; name: string }>('qr-service', 'qr.create', { name: 'Menu' });

    expect(result).toEqual({ id: 'qr_1', name: 'Menu' });
    expect(seen).toHaveLength(1);
    expect(seen[0].method).toBe('POST');
    expect(seen[0].url).toBe(`${COMMAND_PATH_PREFIX}qr.create`);
    expect(seen[0].url).toBe('/internal/v1/commands/qr.create');
    expect(seen[0].token).toBe(TOKEN);
    expect(seen[0].contentType).toMatch(/^application\/json/);
    expect(seen[0].body).toEqual({ name: 'Menu' });
  });

  it('tolerates a trailing slash in the configured URL', async () => {
    await bus(`${baseUrl}/`).send('qr-service', 'qr.list', {});
    expect(seen[0].url).toBe('/internal/v1/commands/qr.list');
  });

  it('URL-encodes the command name', async () => {
    await bus().send('qr-service', 'odd name/with slash', {});
    expect(seen[0].url).toBe('/internal/v1/commands/odd%20name%2Fwith%20slash');
  });

  it('sends null for an undefined payload and returns a null result', async () => {
    await expect(bus().send('qr-service', 'ping', undefined)).resolves.toBeNull();
    expect(seen[0].body).toBeNull();
  });

  it('a 422 carrying a serialized ApiError rejects with the same ApiError', async () => {
    const original = Errors.validationFailed([{ pointer: '/items/3/content/url', code: 'invalid', detail: 'Must be an absolute http(s) URL.' }], 'Bad batch.');
    reply = () => ({ status: 422, body: JSON.stringify({ error: original.toJSON() }) });

    const err = await bus()
      .send('qr-service', 'qr.bulk-create', { items: [] })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(ApiError);
    const apiError = err as ApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.code).toBe('validation_failed');
    expect(apiError.title).toBe(original.title);
    expect(apiError.detail).toBe('Bad batch.');
    expect(apiError.errors).toEqual(original.errors);
  });

  it('a 429 ApiError keeps its headers (Retry-After survives the hop)', async () => {
    const original = Errors.dynamicAllowanceExceeded(300);
    const withHeaders = new ApiError(original.status, original.code, original.title, original.detail, undefined, { 'Retry-After': '60' });
    reply = () => ({ status: 429, body: JSON.stringify({ error: withHeaders.toJSON() }) });
    await expect(bus().send('qr-service', 'qr.create', {})).rejects.toMatchObject({
      status: 429,
      code: 'dynamic_allowance_exceeded',
      headers: { 'Retry-After': '60' },
    });
  });

  it('a 500 whose body is not a serialized ApiError rejects with 503 service_unavailable', async () => {
    reply = () => ({ status: 500, body: JSON.stringify({ message: 'Internal server error', stack: 'at x.ts:1' }) });
    const err = await bus()
      .send('qr-service', 'qr.create', {})
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 503, code: 'service_unavailable' });
    expect((err as ApiError).detail).not.toContain('x.ts');
  });

  it('a 500 with a non-JSON body rejects with 503 service_unavailable', async () => {
    reply = () => ({ status: 500, body: '<html>proxy error</html>', contentType: 'text/html' });
    await expect(bus().send('qr-service', 'qr.create', {})).rejects.toMatchObject({ status: 503, code: 'service_unavailable' });
  });

  it('a 200 with a non-JSON body rejects with 503 service_unavailable', async () => {
    reply = () => ({ status: 200, body: 'not json', contentType: 'text/plain' });
    await expect(bus().send('qr-service', 'qr.create', {})).rejects.toMatchObject({ status: 503, code: 'service_unavailable' });
  });

  it('a closed port rejects with ApiError 503 service_unavailable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const err = await bus(`http://127.0.0.1:${port}`)
      .send('qr-service', 'qr.create', {})
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 503, code: 'service_unavailable' });
    expect((err as ApiError).detail).toContain('qr-service');
  });

  it('a server slower than the timeout rejects with 503 service_unavailable', async () => {
    const slow = createServer(() => undefined); // never answers
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const fast = new HttpCommandBus({ 'qr-service': `http://127.0.0.1:${(slow.address() as AddressInfo).port}` }, TOKEN, 100);
      await expect(fast.send('qr-service', 'qr.create', {})).rejects.toMatchObject({ status: 503, code: 'service_unavailable' });
    } finally {
      slow.closeAllConnections();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });

  it('a per-send timeout shorter than the bus’s own rejects with 503 service_unavailable in its time', async () => {
    const slow = createServer(() => undefined); // never answers
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const patient = new HttpCommandBus({ 'qr-service': `http://127.0.0.1:${(slow.address() as AddressInfo).port}` }, TOKEN, 10_000);
      const started = Date.now();
      await expect(patient.send('qr-service', 'qr.get', {}, { timeoutMs: 100 })).rejects.toMatchObject({ status: 503, code: 'service_unavailable' });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      slow.closeAllConnections();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });

  it('throws (without any request) when the target has no URL', async () => {
    await expect(bus().send('analytics-service', 'analytics.query', {})).rejects.toThrow(/no URL configured for analytics-service/);
    expect(seen).toHaveLength(0);
  });
});
