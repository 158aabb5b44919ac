import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { type LookupFunction } from 'node:net';
import { type AddressPolicy, isDialableAddress } from '@qr/webhook-rules';
import { type HostResolver } from './host-resolver';

export interface PostResult {
  status: number | null;
  retryAfter: string | null;
  error: string | null;
  durationMs: number;
}

const MAX_RESPONSE_BYTES = 64 * 1024;

// Keep-alive pools: a busy endpoint reuses connections. Every new socket still goes through the
// guarded lookup below, so the check holds for each address actually connected to.
const agents = {
  http: new HttpAgent({ keepAlive: true, maxSockets: 16, timeout: 30_000 }),
  https: new HttpsAgent({ keepAlive: true, maxSockets: 16, timeout: 30_000 }),
};

/**
 * POSTs a webhook. The address check happens inside the socket's own DNS lookup, on the address the
 * socket then connects to, so a name that resolved to a public address at registration and to
 * 127.0.0.1 now (DNS rebinding) is refused at connect time. Redirects are never followed; the
 * response body is read (bounded) and thrown away, never echoed to anyone.
 */
export function guardedPost(o: {
  url: URL;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  resolve: HostResolver;
  policy: AddressPolicy;
}): Promise<PostResult> {
  const started = process.hrtime.bigint();
  const elapsed = () => Number(process.hrtime.bigint() - started) / 1e6;
  const lookup: LookupFunction = (hostname, options, callback) => {
    o.resolve(hostname).then(
      (addresses) => {
        const allowed = addresses.find((a) => isDialableAddress(a, o.policy));
        if (!allowed) return callback(Object.assign(new Error('address not allowed'), { code: 'EADDRNOTALLOWED' }), '', 4);
        const family = allowed.includes(':') ? 6 : 4;
        if ((options as { all?: boolean }).all)
          (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address: allowed, family }]);
        else callback(null, allowed, family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 4),
    );
  };
  return new Promise((resolve) => {
    const send = o.url.protocol === 'https:' ? httpsRequest : httpRequest;
    const host = o.url.hostname.replace(/^\[|\]$/g, '');
    const req = send(
      o.url,
      {
        method: 'POST',
        headers: { ...o.headers, 'content-length': Buffer.byteLength(o.body), 'user-agent': 'qr-platform-webhooks/1' },
        lookup,
        timeout: o.timeoutMs,
        agent: o.url.protocol === 'https:' ? agents.https : agents.http,
        servername: host,
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) res.destroy();
        });
        const done = () => {
          const retryAfter = res.headers['retry-after'];
          resolve({ status: res.statusCode ?? null, retryAfter: typeof retryAfter === 'string' ? retryAfter : null, error: null, durationMs: elapsed() });
        };
        res.on('end', done);
        res.on('close', done);
      },
    );
    const timer = setTimeout(() => req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })), o.timeoutMs);
    req.on('timeout', () => req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ status: null, retryAfter: null, error: err.code ?? err.message, durationMs: elapsed() }));
    req.on('close', () => clearTimeout(timer));
    req.end(o.body);
  });
}
