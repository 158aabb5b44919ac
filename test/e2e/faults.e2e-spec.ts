import { Client } from 'pg';
import {
  admin,
  call,
  type Cluster,
  KafkaEvents,
  type OwnPostgres,
  type OwnRedis,
  rawRequest,
  startCluster,
  startOwnPostgres,
  startOwnRedis,
  startWebhookReceiver,
  storedEventsOf,
  waitUntil,
  type WebhookReceiver,
} from '@qr/testing';

/**
 * Fault tests on private PostgreSQL and Redis instances (spare ports), so they can be stopped and
 * restarted without touching the machine's shared services.
 */
describe('faults (distributed, private PostgreSQL and Redis)', () => {
  let pg: OwnPostgres;
  let redis: OwnRedis;
  let cluster: Cluster;
  let key: string;
  const api = (path: string) => `${cluster.gateways[0].url}/api/public/v1${path}`;
  const ready = async (url: string) => (await call(`${url}/readyz`)).status;
  let hooks: WebhookReceiver;
  let kafka: KafkaEvents;
  // Every delivery received: its webhook-id (the event's id) and the code the scan was of.
  const webhooks = () =>
    hooks.received.map((r) => ({ id: String(r.headers['webhook-id']), qrId: (JSON.parse(r.body) as { data?: { qr_id?: unknown } }).data?.qr_id }));

  beforeAll(async () => {
    pg = await startOwnPostgres();
    redis = await startOwnRedis();
    hooks = await startWebhookReceiver();
    cluster = await startCluster({ databaseUrl: pg.url, redisUrl: redis.url, redirects: 2, env: { WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8' } });
    kafka = await KafkaEvents.start(cluster.env);
    const ws = admin(['workspace', 'create', '--name', 'Faults', '--plan', 'agency'], { DATABASE_URL: pg.url }).json;
    key = String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'k'], { DATABASE_URL: pg.url }).json.secret);
  }, 120_000);
  afterAll(async () => {
    await kafka?.close();
    await hooks?.close();
    await cluster?.stop();
    await redis?.stop();
    pg?.destroy();
  });

  it('keeps serving when Redis stops: rate limits fall back to each replica, redirects stay correct on both replicas, readiness reports Redis degraded', async () => {
    const code = (
      await call<{ id: string; short_code: string }>(api('/qrcodes'), {
        method: 'POST',
        key,
        json: { type: 'website', content: { url: 'https://example.com/r' } },
      })
    ).body;
    const locations = async () => Promise.all(cluster.redirects.map(async (r) => (await rawRequest(`${r.url}/${code.short_code}`)).headers.location));
    const patch = async (target: string) =>
      expect((await call(api(`/qrcodes/${code.id}`), { method: 'PATCH', key, json: { destinations: [{ target_url: target }] } })).status).toBe(200);
    // Twice each, so both replicas hold the link in their caches.
    expect([...(await locations()), ...(await locations())]).toEqual(Array(4).fill('https://example.com/r'));
    await redis.stop();
    const list = await call(api('/qrcodes'), { key });
    expect(list.status).toBe(200);
    for (const app of [cluster.gateways[0], ...cluster.redirects]) {
      const readiness = await call<{ checks: Record<string, string> }>(`${app.url}/readyz`);
      expect({ app: app.name, status: readiness.status, redis: readiness.body.checks.redis }).toEqual({
        app: app.name,
        status: 200,
        redis: expect.stringMatching(/^degraded/),
      });
    }
    // A change while Redis is down reaches the very next scan on either replica (read from PostgreSQL).
    await patch('https://example.com/during');
    expect(await locations()).toEqual(['https://example.com/during', 'https://example.com/during']);
    await redis.start();
    await waitUntil(
      async () => (await call<{ checks: Record<string, string> }>(`${cluster.gateways[0].url}/readyz`)).body.checks.redis === 'ok',
      'Redis back in readiness',
      20_000,
    );
    for (const r of cluster.redirects)
      await waitUntil(
        async () => (await call<{ checks: Record<string, string> }>(`${r.url}/readyz`)).body.checks.redis === 'ok',
        'Redis back for the redirects',
        20_000,
      );
    // Redis came back empty: nothing cached before is trusted, and changes after it show at once again.
    expect([...(await locations()), ...(await locations())]).toEqual(Array(4).fill('https://example.com/during'));
    await patch('https://example.com/after');
    expect(await locations()).toEqual(['https://example.com/after', 'https://example.com/after']);
  });

  it('turns unready while PostgreSQL is down, acknowledges nothing meanwhile, and recovers when it returns', async () => {
    const code = (
      await call<{ id: string; short_code: string }>(api('/qrcodes'), {
        method: 'POST',
        key,
        json: { type: 'website', content: { url: 'https://example.com/p' } },
      })
    ).body;
    expect((await rawRequest(`${cluster.redirects[0].url}/${code.short_code}`)).status).toBe(302);
    pg.stop();
    await waitUntil(
      async () => (await ready(cluster.gateways[0].url)) === 503 && (await ready(cluster.redirects[0].url)) === 503,
      'readiness to reflect the outage',
      20_000,
    );
    const during = await rawRequest(`${cluster.redirects[0].url}/${code.short_code}`).catch(() => ({ status: 0 }));
    expect(during.status).not.toBe(302);
    pg.start();
    for (const app of cluster.all()) await waitUntil(async () => (await ready(app.url)) === 200, `${app.name} ready again`, 30_000);
    expect((await rawRequest(`${cluster.redirects[0].url}/${code.short_code}`)).status).toBe(302);
    const created = await call(api('/qrcodes'), { method: 'POST', key, json: { type: 'text', content: { text: 'after the outage' } } });
    expect(created.status).toBe(201);
    await waitUntil(
      async () => (await call<{ scan_count: number }>(api(`/qrcodes/${code.id}`), { key })).body.scan_count === 2,
      'scan counts to flow again',
      30_000,
    );
  });

  it('loses no acknowledged scan and sends no webhook twice under another id when each deployable is killed with SIGKILL in turn', async () => {
    expect((await call(api('/webhook-endpoints'), { method: 'POST', key, json: { url: hooks.url, events: ['qr.scanned'] } })).status).toBe(201);
    const code = (
      await call<{ id: string; short_code: string }>(api('/qrcodes'), {
        method: 'POST',
        key,
        json: { type: 'website', content: { url: 'https://example.com/k' } },
      })
    ).body;
    let acknowledged = 0;
    const scan = async () => {
      for (const r of cluster.redirects) {
        const res = await rawRequest(`${r.url}/${code.short_code}`).catch(() => ({ status: 0 }));
        if (res.status === 302) acknowledged += 1;
      }
    };
    for (const name of ['redirect-service', 'qr-service', 'analytics-service', 'webhook-dispatcher', 'api-gateway'] as const) {
      await Promise.all([scan(), scan(), scan()]);
      const victim = cluster.all().find((a) => a.name === name)!;
      const inFlight = Promise.all([scan(), scan()]);
      await cluster.killAndRestart(victim);
      await inFlight;
      await scan();
    }
    expect(acknowledged).toBeGreaterThan(20);
    // A scan committed just before its redirect-service died was never acknowledged, but it happened: it
    // counts. So: every acknowledged scan is recorded, analytics counts exactly the recorded ones, and each
    // recorded scan reaches the webhook under exactly its own id.
    const db = new Client({ connectionString: pg.url });
    await db.connect();
    const recordedIds = async () => new Set((await storedEventsOf(db, code.id, kafka)).filter((e) => e.type === 'qr.scanned').map((e) => e.id));
    const total = async () => (await call<{ total_scans: number }>(api(`/qrcodes/${code.id}/analytics?include_bots=true`), { key })).body.total_scans;
    // Only this code's scans: an earlier test's scans can reach the new endpoint when the dispatcher
    // catches up on them after it was created.
    const webhookIds = () =>
      webhooks()
        .filter((w) => w.qrId === code.id)
        .map((w) => w.id);
    await waitUntil(
      async () => (await total()) === (await recordedIds()).size && new Set(webhookIds()).size === (await recordedIds()).size,
      'analytics and webhooks to match the recorded scans',
      60_000,
    );
    const recorded = await recordedIds();
    await db.end();
    expect(recorded.size).toBeGreaterThanOrEqual(acknowledged);
    expect(await total()).toBe(recorded.size);
    expect(new Set(webhookIds())).toEqual(recorded);
  });
});
