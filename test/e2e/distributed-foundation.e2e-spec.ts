import { randomBytes } from 'node:crypto';
import { createTestPostgres, TEST_REDIS_URL, type TestPostgres, admin, type AppName, type AppProcess, startApp, call } from '@qr/testing';
import { Client } from 'pg';
import { billingPeriodAt } from '@qr/domain';

/** The deployables as separate processes on the machine's PostgreSQL (and Redis for rate limits). */
describe('deployables on PostgreSQL', () => {
  let pg: TestPostgres;
  const running: AppProcess[] = [];
  const baseEnv = () => ({
    DATABASE_URL: pg.url,
    REDIS_URL: TEST_REDIS_URL,
    INTERNAL_TOKEN: randomBytes(16).toString('hex'),
  });
  let env: Record<string, string>;

  beforeAll(async () => {
    pg = await createTestPostgres('dist');
    env = baseEnv();
  });
  afterAll(async () => {
    await Promise.all(running.map((p) => p.stop()));
    await pg?.drop();
  });

  it('starts each of the five deployables alone and each answers its health checks', async () => {
    const qr = await startApp('qr-service', env);
    running.push(qr);
    const others: AppName[] = ['api-gateway', 'redirect-service', 'analytics-service', 'webhook-dispatcher'];
    const started = await Promise.all(others.map((name) => startApp(name, { ...env, QR_SERVICE_URL: qr.url })));
    running.push(...started);
    for (const app of running) {
      expect((await call(`${app.url}/healthz`)).status).toBe(200);
      const ready = await call(`${app.url}/readyz`);
      expect({ app: app.name, status: ready.status }).toEqual({ app: app.name, status: 200 });
    }
    const schemas = new Client({ connectionString: pg.url });
    await schemas.connect();
    const { rows } = await schemas.query(`SELECT schema_name FROM information_schema.schemata`);
    await schemas.end();
    expect(rows.map((r) => r.schema_name)).toEqual(expect.arrayContaining(['gateway', 'qr', 'redirect', 'analytics', 'webhooks', 'eventlog']));
  });

  it('keeps the monthly quota exact across two gateway processes: 40 concurrent calls, 25 left, 25 granted', async () => {
    const qr = running.find((p) => p.name === 'qr-service')!;
    const gatewayEnv = { ...env, QR_SERVICE_URL: qr.url };
    const second = await startApp('api-gateway', gatewayEnv);
    running.push(second);
    const gateways = running.filter((p) => p.name === 'api-gateway');
    expect(gateways).toHaveLength(2);

    const ws = admin(['workspace', 'create', '--name', 'Twin', '--plan', 'agency'], { DATABASE_URL: pg.url }).json;
    const secret = String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'k'], { DATABASE_URL: pg.url }).json.secret);
    const db = new Client({ connectionString: pg.url });
    await db.connect();
    await db.query('INSERT INTO gateway.usage_counters (workspace_id, period, calls) VALUES ($1, $2, $3)', [ws.id, billingPeriodAt(new Date()).key, 24_975]);

    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => call(`${gateways[i % 2].url}/api/public/v1/api-keys`, { key: secret })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(25);
    expect(results.filter((r) => r.status === 429 && r.body.code === 'quota_exceeded')).toHaveLength(15);
    const { rows } = await db.query('SELECT calls FROM gateway.usage_counters WHERE workspace_id = $1', [ws.id]);
    expect(Number(rows[0].calls)).toBe(25_000);
    await db.end();
  });

  it('refuses to start a lone deployable without the internal token, with a clear message', async () => {
    await expect(startApp('qr-service', { DATABASE_URL: pg.url, INTERNAL_TOKEN: '' }, 10_000)).rejects.toThrow(/INTERNAL_TOKEN/);
  });
});
