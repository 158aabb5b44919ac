import { randomBytes } from 'node:crypto';
import { type AppProcess, startApp } from './app-process';

export interface Cluster {
  gateways: AppProcess[];
  qr: AppProcess;
  redirects: AppProcess[];
  analytics: AppProcess;
  webhooks: AppProcess;
  all(): AppProcess[];
  /** The environment every process got (for the admin CLI against the same database). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * The five deployables as separate OS processes on one PostgreSQL database (a schema each) and Redis,
 * started in dependency order: redirect-services, then qr-service (pushes to redirect), then gateways.
 */
export async function startCluster(o: { databaseUrl: string; redisUrl: string; redirects?: number; gateways?: number; env?: Record<string, string> }): Promise<Cluster> {
  const env = { DATABASE_URL: o.databaseUrl, REDIS_URL: o.redisUrl, INTERNAL_TOKEN: randomBytes(16).toString('hex'), SECRETS_KEY: randomBytes(32).toString('base64'), ...o.env };
  const started: AppProcess[] = [];
  const start = async (name: Parameters<typeof startApp>[0], extra: Record<string, string> = {}) => {
    const app = await startApp(name, { ...env, ...extra });
    started.push(app);
    return app;
  };
  try {
    // The first start migrates the shared eventlog schema; the rest can then start side by side.
    const redirects = [await start('redirect-service')];
    const [analytics, webhooks, ...more] = await Promise.all([
      start('analytics-service'),
      start('webhook-dispatcher'),
      ...Array.from({ length: (o.redirects ?? 1) - 1 }, () => start('redirect-service')),
    ]);
    redirects.push(...more);
    const qr = await start('qr-service', { REDIRECT_SERVICE_URL: redirects[0].url });
    const urls = { QR_SERVICE_URL: qr.url, REDIRECT_SERVICE_URL: redirects[0].url, ANALYTICS_SERVICE_URL: analytics.url, WEBHOOK_DISPATCHER_URL: webhooks.url };
    const gateways = await Promise.all(Array.from({ length: o.gateways ?? 1 }, () => start('api-gateway', urls)));
    return {
      gateways, qr, redirects, analytics, webhooks, env,
      all: () => [...started],
      stop: async () => void (await Promise.all(started.map((p) => p.stop()))),
    };
  } catch (err) {
    await Promise.all(started.map((p) => p.stop()));
    throw err;
  }
}
