import { request } from 'node:http';
export interface HttpResult<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** fetch with a JSON body, returning status, headers and the parsed body. */
export async function call<T = Record<string, unknown>>(
  url: string,
  init: { method?: string; key?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {},
): Promise<HttpResult<T>> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.key) headers.authorization = `Bearer ${init.key}`;
  let body = init.body;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (body !== undefined) {
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(url, { method: init.method ?? 'GET', headers, body, redirect: 'manual' });
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

export interface RawResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A plain node:http request (no redirect following, any Host header, keep-alive off): what a phone's
 * scan looks like to the server.
 */
export function rawRequest(url: string, o: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawResult> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: o.method ?? 'GET', headers: { connection: 'close', ...o.headers }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(o.body);
  });
}
