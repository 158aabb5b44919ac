import { Client } from 'pg';
import { Webhook } from 'standardwebhooks';
import { billingPeriodAt } from '@qr/domain';
import {
  admin,
  call,
  type Cluster,
  createTestPostgres,
  KafkaEvents,
  metricValue,
  rawRequest,
  startApp,
  startCluster,
  startWebhookReceiver,
  storedEventsOf,
  TEST_REDIS_URL,
  type TestPostgres,
  waitUntil,
  type WebhookReceiver,
} from '@qr/testing';

/**
 * The deployables as separate processes on the machine's PostgreSQL and Redis and the run's Kafka broker:
 * two gateways and two redirect-services, so every cross-process guarantee is exercised for real.
 */
describe('distributed deployables on PostgreSQL and Kafka', () => {
  let pg: TestPostgres;
  let cluster: Cluster;
  let db: Client;
  let key: string;
  let hooks: WebhookReceiver;
  let kafka: KafkaEvents;

  beforeAll(async () => {
    pg = await createTestPostgres('dist');
    hooks = await startWebhookReceiver();
    cluster = await startCluster({
      databaseUrl: pg.url,
      redisUrl: TEST_REDIS_URL,
      redirects: 2,
      gateways: 2,
      env: { WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8', TRUST_PROXY: 'true', GEO_HEADER: 'X-Country' },
    });
    db = new Client({ connectionString: pg.url });
    await db.connect();
    kafka = await KafkaEvents.start(cluster.env);
    const ws = admin(['workspace', 'create', '--name', 'Dist', '--plan', 'agency'], { DATABASE_URL: pg.url }).json;
    key = String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'k'], { DATABASE_URL: pg.url }).json.secret);
  }, 120_000);
  afterAll(async () => {
    await kafka?.close();
    await db?.end();
    await cluster?.stop();
    await hooks?.close();
    await pg?.drop();
  });

  const api = (gateway: number, path: string) => `${cluster.gateways[gateway].url}/api/public/v1${path}`;

  it('runs each deployable as its own process, each healthy and ready, each service in its own schema', async () => {
    for (const app of cluster.all()) {
      expect((await call(`${app.url}/healthz`)).status).toBe(200);
      expect({ app: app.name, status: (await call(`${app.url}/readyz`)).status }).toEqual({ app: app.name, status: 200 });
    }
    const { rows } = await db.query('SELECT schema_name FROM information_schema.schemata');
    expect(rows.map((r) => r.schema_name)).toEqual(expect.arrayContaining(['gateway', 'qr', 'redirect', 'analytics', 'webhooks']));
    // The events go through Kafka: no process opened the embedded SQL log.
    expect(rows.map((r) => r.schema_name)).not.toContain('eventlog');
  });

  it('keeps the monthly quota exact across two gateway processes: 40 concurrent calls, 25 left, 25 granted', async () => {
    const ws = admin(['workspace', 'create', '--name', 'Twin', '--plan', 'agency'], { DATABASE_URL: pg.url }).json;
    const secret = String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'k'], { DATABASE_URL: pg.url }).json.secret);
    await db.query('INSERT INTO gateway.usage_counters (workspace_id, period, calls) VALUES ($1, $2, $3)', [ws.id, billingPeriodAt(new Date()).key, 24_975]);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => call(api(i % 2, '/api-keys'), { key: secret })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(25);
    expect(results.filter((r) => r.status === 429 && r.body.code === 'quota_exceeded')).toHaveLength(15);
    const { rows } = await db.query('SELECT calls FROM gateway.usage_counters WHERE workspace_id = $1', [ws.id]);
    expect(Number(rows[0].calls)).toBe(25_000);
  });

  it('makes a created code scannable at once and a PATCH effective for the very next scan on either redirect process, 200 times over, with both caching the link', async () => {
    const created = await call<{ id: string; short_code: string }>(api(0, '/qrcodes'), {
      method: 'POST',
      key,
      json: { type: 'website', content: { url: 'https://example.com/one' } },
    });
    expect(created.status).toBe(201);
    const location = async (replica: number) => (await rawRequest(`${cluster.redirects[replica].url}/${created.body.short_code}`)).headers.location;
    for (const r of [0, 1]) expect(await location(r)).toBe('https://example.com/one');
    const lookups = async (source: string) => {
      let n = 0;
      for (const r of cluster.redirects) n += await metricValue(r.url, 'qr_link_lookups_total', { source });
      return n;
    };
    // A scan is judged by the cached row and its recording checks the revision (no Redis round trip).
    const cacheHits = () => lookups('cache_checked_at_commit');
    const [hitsBefore, staleBefore] = [await cacheHits(), await lookups('database_after_stale_scan')];
    for (let i = 0; i < 200; i++) {
      // Both replicas hold the current revision before the change, so a stale cache would show.
      expect([await location(0), await location(1)]).toEqual(Array(2).fill(i === 0 ? 'https://example.com/one' : `https://example.com/v${i - 1}`));
      const patched = await call(api(i % 2, `/qrcodes/${created.body.id}`), {
        method: 'PATCH',
        key,
        json: { destinations: [{ target_url: `https://example.com/v${i}` }] },
      });
      expect(patched.status).toBe(200);
      expect({ i, location: await location((i >> 1) % 2) }).toEqual({ i, location: `https://example.com/v${i}` });
    }
    // The replicas answered from their caches in between (the second scan of a revision on a replica).
    expect((await cacheHits()) - hitsBefore).toBeGreaterThanOrEqual(150);
    // And some scans were judged by a row a PATCH had just replaced (the replica that did not apply the
    // change had not heard of it yet): their recording found them stale, and the answer above was still
    // the new destination.
    expect((await lookups('database_after_stale_scan')) - staleBefore).toBeGreaterThan(0);
    await call(api(0, `/qrcodes/${created.body.id}`), { method: 'DELETE', key });
    for (const r of cluster.redirects) expect((await rawRequest(`${r.url}/${created.body.short_code}`)).status).toBe(410);
  }, 120_000);

  it('loses no acknowledged scan when one of two redirect processes is killed with SIGKILL mid-load', async () => {
    const code = (
      await call<{ id: string; short_code: string }>(api(0, '/qrcodes'), {
        method: 'POST',
        key,
        json: { type: 'website', content: { url: 'https://example.com/crash' } },
      })
    ).body;
    let acknowledged = 0;
    let stop = false;
    const load = async (replica: number) => {
      while (!stop) {
        const r = cluster.redirects[replica];
        const res = await rawRequest(`${r.url}/${code.short_code}`).catch(() => ({ status: 0 }));
        if (res.status === 302) acknowledged += 1;
      }
    };
    const loops = Array.from({ length: 16 }, (_, i) => load(i % 2));
    await waitUntil(async () => acknowledged > 200, 'scans under way', 20_000);
    const victim = cluster.redirects[1];
    await cluster.killAndRestart(victim);
    await waitUntil(async () => acknowledged > 600, 'scans on both again', 30_000);
    stop = true;
    await Promise.all(loops);
    // A scan committed just before the kill may never have been acknowledged: at least every acknowledged one counts.
    const { rows } = await db.query('SELECT scan_count FROM redirect.links WHERE qr_id = $1', [code.id]);
    expect(Number(rows[0].scan_count)).toBeGreaterThanOrEqual(acknowledged);
    const scanned = (await storedEventsOf(db, code.id, kafka)).filter((e) => e.type === 'qr.scanned');
    expect(scanned).toHaveLength(Number(rows[0].scan_count));
  }, 120_000);

  it('gives exactly 100 redirects and one limit event for 1,000 concurrent scans over two redirect processes', async () => {
    const code = (
      await call<{ id: string; short_code: string }>(api(0, '/qrcodes'), {
        method: 'POST',
        key,
        json: { type: 'website', content: { url: 'https://example.com/l' }, scan_limit: 100 },
      })
    ).body;
    // Each replica has the code in its cache first (a HEAD records nothing): a replica that looked it up
    // only once the other had admitted all 100 would refuse its scans from the cached count, unrecorded.
    for (const r of cluster.redirects) expect((await rawRequest(`${r.url}/${code.short_code}`, { method: 'HEAD' })).status).toBe(302);
    const results = await Promise.all(Array.from({ length: 1000 }, (_, i) => rawRequest(`${cluster.redirects[i % 2].url}/${code.short_code}`)));
    expect(results.filter((r) => r.status === 302)).toHaveLength(100);
    expect(results.filter((r) => r.status === 410)).toHaveLength(900);
    const events = async (type: string) => (await storedEventsOf(db, code.id, kafka)).filter((e) => e.type === type);
    expect(await events('qr.scan_limit_reached')).toHaveLength(1);
    expect(await events('qr.scanned')).toHaveLength(100);
    // The API reads the count where the replicas recorded it: exact at once, whatever Kafka's lag.
    expect((await call<{ state: string; scan_count: number }>(api(1, `/qrcodes/${code.id}`), { key })).body).toMatchObject({
      state: 'limit_reached',
      scan_count: 100,
    });
  });

  it('runs the whole flow across processes: bulk create, scans on both redirects, analytics, signed webhooks', async () => {
    const endpoint = await call<{ id: string; secret: string }>(api(0, '/webhook-endpoints'), {
      method: 'POST',
      key,
      json: { url: hooks.url, events: ['qr.scanned'] },
    });
    expect(endpoint.status).toBe(201);
    const items = Array.from({ length: 5 }, (_, i) => ({ type: 'website', content: { url: `https://example.com/${i}` }, client_ref: `flow-${i}` }));
    const bulk = await call<{ created: number; data: Array<{ qr_code: { id: string; short_code: string } }> }>(api(1, '/qrcodes/bulk'), {
      method: 'POST',
      key,
      json: { items },
    });
    expect(bulk.body.created).toBe(5);
    const [first] = bulk.body.data.map((d) => d.qr_code);
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
    for (let i = 0; i < 4; i++) {
      const res = await rawRequest(`${cluster.redirects[i % 2].url}/${first.short_code}`, { headers: { 'user-agent': iphone, 'x-country': 'NL' } });
      expect(res.status).toBe(302);
    }
    await waitUntil(
      async () => (await call<{ total_scans: number }>(api(0, `/qrcodes/${first.id}/analytics`), { key })).body.total_scans === 4,
      'analytics across processes',
      20_000,
    );
    const analytics = await call<{ by_country: unknown; by_device: Array<{ device: string; scans: number }> }>(api(1, `/qrcodes/${first.id}/analytics`), {
      key,
    });
    expect(analytics.body.by_country).toEqual([{ country: 'NL', scans: 4 }]);
    expect(analytics.body.by_device[0]).toEqual({ device: 'mobile', scans: 4 });
    await waitUntil(() => hooks.received.length >= 4, 'four signed webhooks', 20_000);
    for (const r of hooks.received) {
      const payload = new Webhook(endpoint.body.secret).verify(r.body, r.headers as Record<string, string>) as {
        type: string;
        data: { qr_id: string; country: string };
      };
      expect(payload).toMatchObject({ type: 'qr.scanned', data: { qr_id: first.id, country: 'NL' } });
    }
  });

  it('answers an image 304 on its ETag from either gateway (If-None-Match sent with the command to qr-service), and 200 with a new ETag after a PATCH', async () => {
    const code = (
      await call<{ id: string; preview_url: string }>(api(0, '/qrcodes'), {
        method: 'POST',
        key,
        json: { type: 'website', content: { url: 'https://example.com/img' }, design: { modules: 'dots' } },
      })
    ).body;
    const png = (gateway: number, etag?: string) =>
      fetch(api(gateway, `/qrcodes/${code.id}/image?format=png`), { headers: { authorization: `Bearer ${key}`, ...(etag ? { 'if-none-match': etag } : {}) } });
    const first = await png(0);
    expect(first.status).toBe(200);
    expect((await first.arrayBuffer()).byteLength).toBeGreaterThan(0);
    const etag = first.headers.get('etag')!;
    for (const gateway of [0, 1]) expect((await png(gateway, etag)).status).toBe(304);
    const preview = `${cluster.gateways[1].url}${new URL(code.preview_url).pathname}`;
    const previewTag = (await fetch(preview)).headers.get('etag')!;
    expect((await fetch(preview, { headers: { 'if-none-match': previewTag } })).status).toBe(304);
    expect((await call(api(1, `/qrcodes/${code.id}`), { method: 'PATCH', key, json: { design: { modules: 'rounded' } } })).status).toBe(200);
    const changed = await png(0, etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect((await fetch(preview, { headers: { 'if-none-match': previewTag } })).status).toBe(200);
  });

  it('serves the dashboard from each gateway, and a session signed in on one gateway works on the other', async () => {
    const ws = admin(['workspace', 'create', '--name', 'Desk', '--plan', 'pro'], { DATABASE_URL: pg.url }).json;
    admin(
      ['member', 'add', '--workspace', String(ws.id), '--email', 'desk@example.com', '--role', 'editor', '--password-stdin'],
      { DATABASE_URL: pg.url },
      'desk password 123',
    );
    const page = await fetch(`${cluster.gateways[1].url}/app/codes`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await page.text()).toMatch(/<script type="module" crossorigin src="\/app\/assets\/[^"]+\.js"><\/script>/);
    const anonymous = await fetch(`${cluster.gateways[0].url}/app/api/session`);
    const presession = anonymous.headers.getSetCookie()[0].split(';')[0];
    const { csrf_token: loginCsrf } = (await anonymous.json()) as { csrf_token: string };
    const signIn = await fetch(`${cluster.gateways[0].url}/app/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: presession, 'x-csrf-token': loginCsrf },
      body: JSON.stringify({ email: 'desk@example.com', password: 'desk password 123' }),
    });
    expect(signIn.status).toBe(200);
    const session = signIn.headers
      .getSetCookie()
      .find((c) => c.startsWith('qr_session='))!
      .split(';')[0];
    const { csrf_token } = (await signIn.json()) as { csrf_token: string };
    const created = await call<{ id: string }>(api(1, '/qrcodes'), {
      method: 'POST',
      headers: { cookie: session, 'x-csrf-token': csrf_token },
      json: { type: 'website', content: { url: 'https://example.com/desk' } },
    });
    expect(created.status).toBe(201);
    expect((await call(api(0, `/qrcodes/${created.body.id}`), { headers: { cookie: session } })).status).toBe(200);
    const { rows } = await db.query('SELECT token_hash FROM gateway.sessions');
    expect(rows.map((r) => r.token_hash)).not.toContain(session.split('=')[1]);
  });

  it('refuses to start a lone deployable without the internal token, with a clear message', async () => {
    await expect(startApp('qr-service', { DATABASE_URL: pg.url, INTERNAL_TOKEN: '' }, 10_000)).rejects.toThrow(/INTERNAL_TOKEN/);
  });
});
