import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer, type Server } from 'node:https';
import { join } from 'node:path';
import { createTempDir } from '../temp-dir';

export interface TlsFront {
  /** `https://127.0.0.1:{port}`: the resolver as the suite sees it. */
  origin: string;
  /** PEM of the CA that signed the front's certificate, for curl, PHP and anything else that must trust it. */
  caFile: string;
  close(): Promise<void>;
}

/**
 * HTTPS in front of a plain-HTTP server on 127.0.0.1:`targetPort`. The suite's PHP helper refuses
 * any URI that is not https:// and its TLS and resolver-description checks always use https, so
 * nearly every test needs this. The certificate (for IP 127.0.0.1) is signed by a CA made here,
 * for this run only, with openssl. Requests pass with their Host header and `X-Forwarded-Proto:
 * https`; answers come back with their headers as the server wrote them (names' case included).
 */
export async function startTlsFront(targetPort: number): Promise<TlsFront> {
  const dir = createTempDir('gs1-tls');
  const file = (name: string) => join(dir.path, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl('req', '-x509', ...ec, '-keyout', file('ca.key'), '-out', file('ca.pem'), '-days', '1', '-subj', '/CN=GS1 conformance test CA');
  openssl('req', ...ec, '-keyout', file('server.key'), '-out', file('server.csr'), '-subj', '/CN=127.0.0.1');
  writeFileSync(file('server.ext'), 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n');
  openssl(
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-days',
    '1',
    '-extfile',
    file('server.ext'),
    '-out',
    file('server.pem'),
  );

  const server: Server = createServer({ key: readFileSync(file('server.key')), cert: readFileSync(file('server.pem')) }, (req, res) => {
    const upstream = httpRequest(
      { host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-proto': 'https' } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `https://127.0.0.1:${port}`,
    caFile: file('ca.pem'),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      dir.remove();
    },
  };
}
