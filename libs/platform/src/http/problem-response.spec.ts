import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { ApiError, Errors } from '@qr/domain';
import { problemBody, REQUEST_ID_HEADER, requestIdOf, writeProblem } from './problem-response';

/** The few members of ServerResponse writeProblem uses, recording what it did. */
class FakeResponse {
  statusCode = 200;
  headersSent = false;
  destroyed = false;
  ended: string | undefined;
  readonly headers = new Map<string, number | string | readonly string[]>();

  setHeader(name: string, value: number | string | readonly string[]): this {
    if (this.headersSent) throw new Error('ERR_HTTP_HEADERS_SENT');
    this.headers.set(name.toLowerCase(), value);
    return this;
  }
  end(body?: string): this {
    this.ended = body;
    this.headersSent = true;
    return this;
  }
  destroy(): this {
    this.destroyed = true;
    return this;
  }
  asServerResponse(): ServerResponse {
    return this as unknown as ServerResponse;
  }
}

describe('problemBody', () => {
  it('has the RFC 9457 fields plus code and request_id', () => {
    const body = problemBody(Errors.notFound('qr_code'), 'req_abc');
    expect(body).toEqual({
      type: '/api/public/v1/docs#error-not_found',
      title: 'Not found',
      status: 404,
      detail: 'No such qr_code.',
      code: 'not_found',
      request_id: 'req_abc',
    });
  });

  it('type is a URI into the docs page ending with #error-<code>, under the docs base URL', () => {
    const body = problemBody(Errors.quotaExceeded(60), 'req_1', 'https://api.example.com');
    expect(body.type).toBe('https://api.example.com/api/public/v1/docs#error-quota_exceeded');
    expect(body.type.endsWith(`#error-${body.code}`)).toBe(true);
  });

  it('omits `errors` when there are none, including an empty list', () => {
    expect(problemBody(Errors.unauthorized(), 'r')).not.toHaveProperty('errors');
    expect(problemBody(Errors.validationFailed([]), 'r')).not.toHaveProperty('errors');
  });

  it('includes `errors` when there are field errors', () => {
    const errors = [{ pointer: '/items/3/content/url', code: 'invalid', detail: 'Must be an absolute URL.' }];
    expect(problemBody(Errors.validationFailed(errors), 'r').errors).toEqual(errors);
  });

  it('never carries the error’s headers or a stack', () => {
    const body = problemBody(Errors.quotaExceeded(60, { RateLimit: '"monthly";r=0;t=60' }), 'r');
    expect(body).not.toHaveProperty('headers');
    expect(JSON.stringify(body)).not.toMatch(/stack|Retry-After/);
  });
});

describe('writeProblem (fake response)', () => {
  it('sets status, problem+json, no-store, Content-Length and the body', () => {
    const res = new FakeResponse();
    writeProblem(res.asServerResponse(), Errors.notFound('qr_code'), 'req_xyz', 'https://api.example.com');

    expect(res.statusCode).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.ended).toBeDefined();
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(res.ended ?? ''));
    expect(JSON.parse(res.ended ?? '')).toEqual(problemBody(Errors.notFound('qr_code'), 'req_xyz', 'https://api.example.com'));
  });

  it('copies the error’s own headers (Retry-After, RateLimit)', () => {
    const res = new FakeResponse();
    writeProblem(res.asServerResponse(), Errors.quotaExceeded(3600, { RateLimit: '"monthly";r=0;t=3600' }), 'req_1');
    expect(res.statusCode).toBe(429);
    expect(res.headers.get('retry-after')).toBe('3600');
    expect(res.headers.get('ratelimit')).toBe('"monthly";r=0;t=3600');
  });

  it('an error header cannot replace the problem content type or caching', () => {
    const res = new FakeResponse();
    const sneaky = new ApiError(400, 'invalid_json', 'Invalid JSON', 'x', undefined, { 'Content-Type': 'text/html', 'Cache-Control': 'public' });
    writeProblem(res.asServerResponse(), sneaky, 'req_1');
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('counts Content-Length in bytes, not characters', () => {
    const res = new FakeResponse();
    writeProblem(res.asServerResponse(), Errors.forbidden('Zugriff verweigert — “nö”'), 'req_1');
    const body = res.ended ?? '';
    expect(Buffer.byteLength(body)).toBeGreaterThan(body.length);
    expect(res.headers.get('content-length')).toBe(Buffer.byteLength(body));
  });

  it('destroys the socket instead of writing when headers were already sent', () => {
    const res = new FakeResponse();
    res.headersSent = true;
    writeProblem(res.asServerResponse(), Errors.internal(), 'req_1');
    expect(res.destroyed).toBe(true);
    expect(res.ended).toBeUndefined();
    expect(res.headers.size).toBe(0);
  });
});

describe('writeProblem (real loopback server)', () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    server = createServer((_req: IncomingMessage, res: ServerResponse) => {
      writeProblem(res, Errors.rateLimited(2), 'req_loopback', 'http://docs.test');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('arrives as a well-formed problem+json answer', async () => {
    const res = await fetch(url);
    const text = await res.text();
    expect(res.status).toBe(429);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('retry-after')).toBe('2');
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(JSON.parse(text)).toMatchObject({
      type: 'http://docs.test/api/public/v1/docs#error-rate_limited',
      status: 429,
      code: 'rate_limited',
      request_id: 'req_loopback',
    });
  });
});

describe('requestIdOf', () => {
  it('returns the id stored on the request, or "unknown"', () => {
    const req = { headers: {} } as IncomingMessage;
    expect(requestIdOf(req)).toBe('unknown');
    (req as IncomingMessage & { requestId?: string }).requestId = 'req_1234567';
    expect(requestIdOf(req)).toBe('req_1234567');
  });

  it('uses the lower-case x-request-id header name', () => {
    expect(REQUEST_ID_HEADER).toBe('x-request-id');
  });
});
