import { createServer, type Server } from 'node:http';
import { type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { type AddressInfo } from 'node:net';
import { Counter } from 'prom-client';
import { type PlatformRuntime } from '@qr/platform';
import { type CustomDomainsRepository } from './custom-domains.repository';
import { tlsAskAnswer } from './tls-ask';

const TLS_ASK_PATH = '/internal/v1/tls/ask';

/**
 * Caddy's on-demand TLS `ask` endpoint (docs/operations.md), on its own listener (`TLS_ASK_PORT`,
 * `TLS_ASK_HOST`, loopback by default) so no public route reaches it: Caddy cannot send a token, and
 * whatever Caddy proxies arrives on the public port. Every ask is counted (`qr_tls_asks_total`).
 * It starts once the store is open, on the thread that answers HTTP.
 */
export class TlsAskServer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private server: Server | null = null;

  constructor(
    private readonly domains: CustomDomainsRepository,
    private readonly runtime: PlatformRuntime,
    /** port 0: any free port, logged */
    private readonly at: { host: string; port: number },
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const asks = new Counter({
      name: 'qr_tls_asks_total',
      help: 'On-demand TLS asks by answer',
      labelNames: ['answer'],
      registers: [this.runtime.metrics.registry],
    });
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://ask');
      if (req.method !== 'GET' || url.pathname !== TLS_ASK_PATH) {
        res.writeHead(404).end();
        return;
      }
      tlsAskAnswer(url.searchParams.get('domain'), (h) => this.domains.isVerified(h)).then(
        ({ status, answer }) => {
          asks.inc({ answer });
          this.runtime.logger.event('info', 'tls ask', { domain: url.searchParams.get('domain')?.slice(0, 253), answer });
          res.writeHead(status, { 'cache-control': 'no-store' }).end();
        },
        (error: unknown) => {
          asks.inc({ answer: 'error' });
          this.runtime.logger.event('error', 'tls ask failed', { error: String(error) });
          res.writeHead(503).end();
        },
      );
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(this.at.port, this.at.host, resolve));
    this.runtime.logger.event('info', 'tls ask listening', { host: this.at.host, port: (server.address() as AddressInfo).port });
  }

  async beforeApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
