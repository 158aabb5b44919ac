import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { type AppProcess, startApp } from './app-process';
import { testKafkaBrokers } from './test-kafka';

export interface Cluster {
  gateways: AppProcess[];
  qr: AppProcess;
  redirects: AppProcess[];
  analytics: AppProcess;
  webhooks: AppProcess;
  /** Every analytics-service and webhook-dispatcher replica (the first is `analytics` / `webhooks`). */
  analyticsReplicas: AppProcess[];
  webhookReplicas: AppProcess[];
  all(): AppProcess[];
  /** The environment every process got (for the admin CLI against the same database). */
  env: Record<string, string>;
  /** kill -9 one process, then start it again with the same environment on the same port. */
  killAndRestart(app: AppProcess): Promise<AppProcess>;
  /** Stops one process (SIGTERM), then starts it again on the same port with its environment changed by `env` (undefined removes a variable). */
  restart(app: AppProcess, env: Record<string, string | undefined>): Promise<AppProcess>;
  stop(): Promise<void>;
}

/**
 * The five deployables as separate OS processes on one PostgreSQL database (a schema each), Redis and Kafka,
 * started in dependency order: redirect-services, then qr-service (pushes to redirect), then gateways.
 */
export async function startCluster(o: {
  databaseUrl: string;
  redisUrl: string;
  redirects?: number;
  gateways?: number;
  /** Replicas of the event consumers (default 1 each): a consumer group spread over them. */
  analytics?: number;
  webhooks?: number;
  env?: Record<string, string>;
  /** The Kafka brokers; default the run's (testKafkaBrokers). */
  kafkaBrokers?: string;
}): Promise<Cluster> {
  // Distributed mode's events go through Kafka; there is no other transport for separate processes.
  const brokers = o.kafkaBrokers ?? testKafkaBrokers();
  // Its own topics and consumer groups: clusters of parallel test files share the run's broker.
  const kafka = { KAFKA_BROKERS: brokers, KAFKA_PREFIX: `test-${randomBytes(6).toString('hex')}.` };
  // Its own Redis keys, deleted when it stops: clusters of parallel test files share the machine's Redis.
  const redisKeyPrefix = `test:${randomBytes(6).toString('hex')}:`;
  const env = {
    DATABASE_URL: o.databaseUrl,
    REDIS_URL: o.redisUrl,
    REDIS_KEY_PREFIX: redisKeyPrefix,
    INTERNAL_TOKEN: randomBytes(16).toString('hex'),
    SECRETS_KEY: randomBytes(32).toString('base64'),
    ...kafka,
    ...o.env,
  };
  const started: AppProcess[] = [];
  const envOf = new Map<AppProcess, Record<string, string>>();
  const start = async (name: Parameters<typeof startApp>[0], extra: Record<string, string> = {}) => {
    const app = await startApp(name, { ...env, ...extra });
    started.push(app);
    envOf.set(app, { ...env, ...extra });
    return app;
  };
  try {
    // The first start migrates the shared eventlog schema; the rest can then start side by side.
    const redirects = [await start('redirect-service')];
    const replicas = (name: Parameters<typeof startApp>[0], n = 1) => Promise.all(Array.from({ length: n }, () => start(name)));
    const [analyticsReplicas, webhookReplicas, more] = await Promise.all([
      replicas('analytics-service', o.analytics),
      replicas('webhook-dispatcher', o.webhooks),
      replicas('redirect-service', (o.redirects ?? 1) - 1),
    ]);
    const [analytics, webhooks] = [analyticsReplicas[0], webhookReplicas[0]];
    redirects.push(...more);
    const qr = await start('qr-service', { REDIRECT_SERVICE_URL: redirects[0].url });
    const urls = { QR_SERVICE_URL: qr.url, REDIRECT_SERVICE_URL: redirects[0].url, ANALYTICS_SERVICE_URL: analytics.url, WEBHOOK_DISPATCHER_URL: webhooks.url };
    const gateways = await Promise.all(Array.from({ length: o.gateways ?? 1 }, () => start('api-gateway', urls)));
    const cluster: Cluster = {
      gateways,
      qr,
      redirects,
      analytics,
      webhooks,
      analyticsReplicas,
      webhookReplicas,
      env,
      all: () => [...started],
      killAndRestart: (app) => replace(app, async () => app.kill9(), {}),
      restart: (app, changes) => replace(app, async () => void (await app.stop()), changes),
      stop: async () => {
        await Promise.all(started.map((p) => p.stop()));
        await deleteKeys(o.redisUrl, redisKeyPrefix);
      },
    };
    /** Ends `app` as `end` says, starts it again on its port with its environment and `changes`, and puts it in its place. */
    const replace = async (app: AppProcess, end: () => Promise<void>, changes: Record<string, string | undefined>) => {
      await end();
      const changed = Object.fromEntries(Object.entries({ ...envOf.get(app), ...changes }).filter((kv): kv is [string, string] => kv[1] !== undefined));
      const again = await startApp(app.name, { ...changed, PORT: String(app.port) });
      envOf.set(again, changed);
      started[started.indexOf(app)] = again;
      for (const list of [cluster.gateways, cluster.redirects, cluster.analyticsReplicas, cluster.webhookReplicas])
        if (list.includes(app)) list[list.indexOf(app)] = again;
      for (const k of ['qr', 'analytics', 'webhooks'] as const) if (cluster[k] === app) cluster[k] = again;
      return again;
    };
    return cluster;
  } catch (err) {
    await Promise.all(started.map((p) => p.stop()));
    throw err;
  }
}

/** Best effort: a Redis stopped by the test has nothing left to delete. */
async function deleteKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 0, enableOfflineQueue: true, lazyConnect: true, retryStrategy: () => null });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } catch {
    // Nothing to clean where Redis is gone.
  } finally {
    redis.disconnect();
  }
}
