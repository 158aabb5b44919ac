import { Client } from 'pg';
import { billingPeriodAt } from '@qr/domain';
import { admin, call, type Cluster, createTestPostgres, rawRequest, startApp, startCluster, TEST_REDIS_URL, type TestPostgres, waitUntil } from '@qr/testing';

/**
 * The deployables as separate processes on the machine's PostgreSQL and Redis: two gateways and two
 * redirect-services, so every cross-process guarantee is exercised for real.
 */
describe('distributed deployables on PostgreSQL', () => {
  let pg: TestPostgres;
  let cluster: Cluster;
  let db: Client;
  let key: string;

  beforeAll(async () => {
    pg = await createTestPostgres('dist');
    cluster = await startCluster({ databaseUrl: pg.url, redisUrl: TEST_REDIS_URL, redirects: 2, gateways: 2 });
    db = new Client({ connectionString: pg.url });
    await db.connect();
    const ws = admin(['workspace', 'create', '--name', 'Dist', '--plan', 'agency'], { DATABASE_URL: pg.url }).json;
    key = String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'k'], { DATABASE_URL: pg.url }).json.secret);
  }, 120_000);
  afterAll(async () => {
    await db?.end();
    await cluster?.stop();
    await pg?.drop();
  });

  const api = (gateway: number, path: string) => `${cluster.gateways[gateway].url}/api/public/v1${path}`;

  it('runs each deployable as its own process, each healthy and ready, each service in its own schema', async () => {
    for (const app of cluster.all()) {
      expect((await call(`${app.url}/healthz`)).status).toBe(200);
      expect({ app: app.name, status: (await call(`${app.url}/readyz`)).status }).toEqual({ app: app.name, status: 200 });
    }
    const { rows } = await db.query('SELECT schema_name FROM information_schema.schemata');
    expect(rows.map((r) => r.schema_name)).toEqual(expect.arrayContaining(['gateway', 'qr', 'redirect', 'analytics', 'webhooks', 'eventlog']));
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

  it('makes a created code scannable at once and a PATCH effective for the very next scan, on any redirect process', async () => {
    const created = await call<{ id: string; short_code: string }>(api(0, '/qrcodes'), { method: 'POST', key, json: { type: 'website', content: { url: 'https://example.com/one' } } });
    expect(created.status).toBe(201);
    for (const r of cluster.redirects) expect((await rawRequest(`${r.url}/${created.body.short_code}`)).headers.location).toBe('https://example.com/one');
    const patched = await call(api(1, `/qrcodes/${created.body.id}`), { method: 'PATCH', key, json: { destinations: [{ target_url: 'https://example.com/two' }] } });
    expect(patched.status).toBe(200);
    for (const r of cluster.redirects) expect((await rawRequest(`${r.url}/${created.body.short_code}`)).headers.location).toBe('https://example.com/two');
    await call(api(0, `/qrcodes/${created.body.id}`), { method: 'DELETE', key });
    for (const r of cluster.redirects) expect((await rawRequest(`${r.url}/${created.body.short_code}`)).status).toBe(410);
  });

  it('gives exactly 100 redirects and one limit event for 1,000 concurrent scans over two redirect processes', async () => {
    const code = (await call<{ id: string; short_code: string }>(api(0, '/qrcodes'), { method: 'POST', key, json: { type: 'website', content: { url: 'https://example.com/l' }, scan_limit: 100 } })).body;
    const results = await Promise.all(Array.from({ length: 1000 }, (_, i) => rawRequest(`${cluster.redirects[i % 2].url}/${code.short_code}`)));
    expect(results.filter((r) => r.status === 302)).toHaveLength(100);
    expect(results.filter((r) => r.status === 410)).toHaveLength(900);
    const events = async (type: string) => {
      const { rows } = await db.query(
        `SELECT payload FROM redirect.outbox WHERE partition_key = $1 UNION SELECT payload FROM eventlog.event_log WHERE partition_key = $1`,
        [code.id],
      );
      return rows.map((r) => JSON.parse(r.payload)).filter((e) => e.type === type);
    };
    expect(await events('qr.scan_limit_reached')).toHaveLength(1);
    expect(await events('qr.scanned')).toHaveLength(100);
    // The API's scan_count follows the scan events (qr-service consumes them across processes).
    await waitUntil(async () => (await call<{ scan_count: number }>(api(1, `/qrcodes/${code.id}`), { key })).body.scan_count === 100, 'scan_count 100 via the API', 15_000);
    expect((await call<{ state: string }>(api(1, `/qrcodes/${code.id}`), { key })).body.state).toBe('limit_reached');
  });

  it('refuses to start a lone deployable without the internal token, with a clear message', async () => {
    await expect(startApp('qr-service', { DATABASE_URL: pg.url, INTERNAL_TOKEN: '' }, 10_000)).rejects.toThrow(/INTERNAL_TOKEN/);
  });
});
