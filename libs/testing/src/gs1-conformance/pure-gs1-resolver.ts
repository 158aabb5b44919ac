import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type Gs1Candidate, GS1_RESOLVER_HEADERS, linkHeader, parseGs1Request, resolveGs1, resolverDescription } from '@qr/gs1';

export interface PureGs1Resolver {
  port: number;
  close(): Promise<void>;
}

/**
 * The smallest resolver @qr/gs1 makes: node:http around parseGs1Request and resolveGs1, over a
 * fixed list of codes on every host. It shows the harness works before the platform has a GS1
 * route, and that the pure functions answer the suite on their own. The origin of anchors and the
 * Link header is the request's (`X-Forwarded-Proto` from the TLS front, and the Host header).
 */
export async function startPureGs1Resolver(codes: readonly Gs1Candidate[]): Promise<PureGs1Resolver> {
  const server: Server = createServer((req, res) => answer(req, res, codes));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function answer(req: IncomingMessage, res: ServerResponse, codes: readonly Gs1Candidate[]): void {
  const origin = `${header(req, 'x-forwarded-proto') ?? 'http'}://${req.headers.host}`;
  const [path, ...rest] = (req.url ?? '/').split('?');
  const method = req.method ?? 'GET';
  if (path === '/.well-known/gs1resolver')
    return send(res, method, 200, { ...GS1_RESOLVER_HEADERS, 'Content-Type': 'application/json' }, resolverDescription(origin, 'Pure @qr/gs1 resolver'));
  if (!path.startsWith('/01/') && method !== 'OPTIONS') return send(res, method, 404, GS1_RESOLVER_HEADERS);
  const parsed = parseGs1Request({ origin, path, query: rest.join('?'), accept: header(req, 'accept'), acceptLanguage: header(req, 'accept-language') });
  if (method === 'OPTIONS')
    return send(res, method, 204, parsed.ok ? { ...GS1_RESOLVER_HEADERS, Link: linkHeader(parsed.request, false) } : GS1_RESOLVER_HEADERS);
  if (!parsed.ok) {
    const problem = { type: 'about:blank', title: 'Invalid GS1 Digital Link URI', status: 400, errors: parsed.problems };
    return send(res, method, 400, { ...GS1_RESOLVER_HEADERS, 'Content-Type': 'application/problem+json' }, problem);
  }
  const resolution = resolveGs1(parsed.request, codes);
  send(res, method, resolution.status, resolution.headers, resolution.kind === 'linkset' ? resolution.body : undefined);
}

function send(res: ServerResponse, method: string, status: number, headers: Readonly<Record<string, string>>, body?: unknown): void {
  res.writeHead(status, headers);
  res.end(body === undefined || method === 'HEAD' ? undefined : JSON.stringify(body));
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
