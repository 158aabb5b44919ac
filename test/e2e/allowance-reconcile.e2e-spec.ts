import { Client } from 'pg';
import {
  admin,
  type AppProcess,
  call,
  type Cluster,
  createTempDir,
  createTestPostgres,
  dynamicAllowanceUsed,
  startApp,
  startCluster,
  type TempDir,
  TEST_REDIS_URL,
  type TestPostgres,
  waitUntil,
} from '@qr/testing';

/**
 * Counters that heal: a gateway is killed with SIGKILL right after it reserved the dynamic allowance
 * for a new code and before qr-service created it (TEST_FAULT holds the creation there and logs it),
 * so the counter says one more code than exists. A gateway's start pass, and `npm run admin --
 * reconcile`, bring it back to the number of live dynamic codes.
 *
 * ALLOWANCE_HOLD_TIMEOUT is 1s here: the dead gateway's hold must be older than that before a pass
 * may drop it, so each test waits for its age to pass that (a lower bound, not a race).
 */
const HOLD_TIMEOUT = { ALLOWANCE_HOLD_TIMEOUT: '1s' };
const FAULT = { TEST_FAULT: 'pause-after-allowance-reserve' };
const FAULT_LINE = 'fault injected: paused after reserving the dynamic allowance';
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const website = (path: string) => ({ type: 'website', content: { url: `https://example.com/${path}` } });

/** The JSON log lines of a process with this message. */
function logLines(app: AppProcess, msg: string): Array<Record<string, unknown>> {
  return app
    .output()
    .split('\n')
    .filter((l) => l.includes(`"${msg}"`))
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((e) => e.msg === msg);
}

/** Sends a create that the gateway holds after reserving, waits until it says so, then kill -9. */
async function killAfterReserve(gateway: AppProcess, key: string): Promise<void> {
  const hanging = call(`${gateway.url}/api/public/v1/qrcodes`, { method: 'POST', key, json: website('never') }).catch(() => null);
  await waitUntil(() => gateway.output().includes(FAULT_LINE), 'the gateway to pause after reserving', 20_000);
  await gateway.kill9();
  expect(await hanging).toBeNull();
  await pause(1_200);
}

describe('dynamic allowance reconcile after a gateway dies between reserving and creating (all-in-one)', () => {
  let dir: TempDir;
  let server: AppProcess | null = null;
  let ws: string;
  let key: string;
  const env = () => ({ DATA_DIR: dir.path, ...HOLD_TIMEOUT });
  const used = () => dynamicAllowanceUsed(dir.path, ws);

  beforeAll(async () => {
    dir = createTempDir('qr-e2e-reconcile');
    ws = String(admin(['workspace', 'create', '--name', 'Heal', '--plan', 'pro'], env()).json.id);
    key = String(admin(['key', 'create', '--workspace', ws, '--name', 'k'], env()).json.secret);
    server = await startApp('all-in-one', env());
    for (const path of ['a', 'b']) expect((await call(`${server.url}/api/public/v1/qrcodes`, { method: 'POST', key, json: website(path) })).status).toBe(201);
    await server.stop();
    server = null;
  });
  afterAll(async () => {
    await server?.stop();
    dir?.remove();
  });

  it('corrects the counter when the server starts again, says so in the log and in /metrics', async () => {
    const faulty = await startApp('all-in-one', { ...env(), ...FAULT });
    await killAfterReserve(faulty, key);
    expect(used()).toBe(3);

    server = await startApp('all-in-one', env());
    await waitUntil(() => logLines(server!, 'allowance reconcile finished').length > 0, 'the start pass', 20_000);
    expect(logLines(server, 'dynamic allowance hold abandoned')).toEqual([expect.objectContaining({ workspace_id: ws, amount: 1 })]);
    expect(logLines(server, 'dynamic allowance corrected')).toEqual([expect.objectContaining({ level: 'warn', workspace_id: ws, before: 3, after: 2 })]);
    expect(logLines(server, 'allowance reconcile finished')[0]).toMatchObject({ trigger: 'start', corrected: 1, abandoned_holds: 1 });
    expect(used()).toBe(2);
    const metrics = await call(`${server.url}/metrics`);
    expect(metrics.text).toMatch(/^qr_dynamic_allowance_corrections_total\{[^}]*direction="over"[^}]*\} 1$/m);
    expect(metrics.text).toMatch(/^qr_dynamic_allowance_abandoned_holds_total(\{[^}]*\})? 1$/m);

    // The counter moves on from the true number.
    expect((await call(`${server.url}/api/public/v1/qrcodes`, { method: 'POST', key, json: website('c') })).status).toBe(201);
    expect(used()).toBe(3);
    await server.stop();
    server = null;
  });

  it('corrects it with npm run admin -- reconcile, while a server runs, and refuses an unknown workspace', async () => {
    const faulty = await startApp('all-in-one', { ...env(), ...FAULT });
    await killAfterReserve(faulty, key);
    expect(used()).toBe(4);
    // This server's own start pass does not take the dead gateway's hold for abandoned yet (1 h).
    server = await startApp('all-in-one', { ...env(), ALLOWANCE_HOLD_TIMEOUT: '1h' });
    await waitUntil(() => logLines(server!, 'allowance reconcile finished').length > 0, 'the start pass', 20_000);
    expect(logLines(server, 'allowance reconcile finished')[0]).toMatchObject({ corrected: 0, skipped_in_flight: 1 });
    expect(used()).toBe(4);

    const fixed = admin(['reconcile'], env());
    expect(fixed.status).toBe(0);
    expect(fixed.json).toMatchObject({ corrected: [{ workspace_id: ws, before: 4, after: 3 }], skipped_in_flight: [], abandoned_holds: 1 });
    expect(used()).toBe(3);
    expect(admin(['reconcile', '--workspace', ws], env()).json).toEqual({ workspaces_checked: 1, corrected: [], skipped_in_flight: [], abandoned_holds: 0 });

    const unknown = admin(['reconcile', '--workspace', 'ws_nosuchworkspace'], env());
    expect(unknown.status).toBe(1);
    expect(unknown.json).toMatchObject({ error: { code: 'not_found' } });
    expect(used()).toBe(3);
  });
});

describe('dynamic allowance reconcile after a gateway dies between reserving and creating (distributed)', () => {
  let pg: TestPostgres;
  let cluster: Cluster;
  let db: Client;
  let ws: string;
  let key: string;
  const used = async () => Number((await db.query('SELECT used FROM gateway.dynamic_allowance WHERE workspace_id = $1', [ws])).rows[0].used);
  /** One more gateway beside the cluster's two, with the same environment. */
  const gatewayEnv = () => ({
    ...cluster.env,
    ...HOLD_TIMEOUT,
    QR_SERVICE_URL: cluster.qr.url,
    REDIRECT_SERVICE_URL: cluster.redirects[0].url,
    ANALYTICS_SERVICE_URL: cluster.analytics.url,
    WEBHOOK_DISPATCHER_URL: cluster.webhooks.url,
  });

  beforeAll(async () => {
    pg = await createTestPostgres('reconcile');
    cluster = await startCluster({ databaseUrl: pg.url, redisUrl: TEST_REDIS_URL, gateways: 2, env: HOLD_TIMEOUT });
    ws = String(admin(['workspace', 'create', '--name', 'Heal', '--plan', 'pro'], cluster.env).json.id);
    key = String(admin(['key', 'create', '--workspace', ws, '--name', 'k'], cluster.env).json.secret);
    for (const path of ['a', 'b'])
      expect((await call(`${cluster.gateways[0].url}/api/public/v1/qrcodes`, { method: 'POST', key, json: website(path) })).status).toBe(201);
    db = new Client({ connectionString: pg.url });
    await db.connect();
  }, 120_000);
  afterAll(async () => {
    await db?.end();
    await cluster?.stop();
    await pg?.drop();
  });

  it('a restarted gateway corrects the counter at start; the other replicas kept serving meanwhile', async () => {
    const faulty = await startApp('api-gateway', { ...gatewayEnv(), ...FAULT });
    await killAfterReserve(faulty, key);
    expect(await used()).toBe(3);
    // The replicas still serve, on the leaked counter.
    const list = await call<{ data: unknown[] }>(`${cluster.gateways[1].url}/api/public/v1/qrcodes`, { key });
    expect(list.body.data).toHaveLength(2);

    const again = await startApp('api-gateway', { ...gatewayEnv(), PORT: String(faulty.port) });
    try {
      await waitUntil(() => logLines(again, 'allowance reconcile finished').length > 0, 'the start pass', 20_000);
      expect(logLines(again, 'dynamic allowance corrected')).toEqual([expect.objectContaining({ workspace_id: ws, before: 3, after: 2 })]);
      expect(await used()).toBe(2);
      expect((await call(`${again.url}/api/public/v1/qrcodes`, { method: 'POST', key, json: website('c') })).status).toBe(201);
      expect(await used()).toBe(3);
    } finally {
      await again.stop();
    }
  });

  it('npm run admin -- reconcile (DATABASE_URL) corrects it while every gateway runs', async () => {
    const faulty = await startApp('api-gateway', { ...gatewayEnv(), ...FAULT });
    await killAfterReserve(faulty, key);
    expect(await used()).toBe(4);
    const fixed = admin(['reconcile'], { ...cluster.env, ...HOLD_TIMEOUT });
    expect(fixed.status).toBe(0);
    expect(fixed.json).toMatchObject({ corrected: [{ workspace_id: ws, before: 4, after: 3 }], abandoned_holds: 1 });
    expect(await used()).toBe(3);
    const live = await call<{ data: unknown[] }>(`${cluster.gateways[0].url}/api/public/v1/qrcodes`, { key });
    expect(live.body.data).toHaveLength(3);
  });
});
