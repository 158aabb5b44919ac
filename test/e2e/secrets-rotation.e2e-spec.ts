import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import {
  admin,
  adminAsync,
  type AppProcess,
  call,
  type Cluster,
  createTempDir,
  createTestPostgres,
  rawRequest,
  startApp,
  startCluster,
  startWebhookReceiver,
  type TempDir,
  TEST_REDIS_URL,
  type TestPostgres,
  waitUntil,
  type WebhookReceiver,
} from '@qr/testing';

const newKey = () => randomBytes(32).toString('base64');

/** What a system under test offers this scenario: its API, a short link to scan, and restarting the webhook sender with other keys. */
interface Rig {
  api(path: string): string;
  key: string;
  scanUrl(shortCode: string): string;
  /** Restarts whatever seals and opens webhook secrets with SECRETS_KEYS = keys (newest first). */
  restartWith(keys: string[]): Promise<void>;
  /** The environment the admin CLI needs, with SECRETS_KEYS = keys. */
  cliEnv(keys: string[]): Record<string, string | undefined>;
}

/**
 * The rotation docs/operations.md describes, step by step: add a key in front of the ring, re-seal
 * while webhooks are delivering, remove the old key, restart. Every delivery, before, during and
 * after, verifies with the endpoint's unchanged `whsec_` secret (the official Standard Webhooks library).
 */
async function rotateWhileDelivering(rig: Rig, hooks: WebhookReceiver, oldKey: string): Promise<void> {
  const endpoint = await call<{ id: string; secret: string }>(rig.api('/webhook-endpoints'), {
    method: 'POST',
    key: rig.key,
    json: { url: hooks.url, events: ['qr.scanned'] },
  });
  expect(endpoint.status).toBe(201);
  const code = await call<{ short_code: string }>(rig.api('/qrcodes'), {
    method: 'POST',
    key: rig.key,
    json: { type: 'website', content: { url: 'https://example.com/r' } },
  });
  let scans = 0;
  const scan = async () => {
    expect((await rawRequest(rig.scanUrl(code.body.short_code))).status).toBe(302);
    scans += 1;
  };
  const delivered = (what: string) => waitUntil(() => hooks.received.length >= scans, what, 30_000);

  for (let i = 0; i < 3; i++) await scan();
  await delivered('deliveries sealed with the old key');

  // 1. The new key goes in front; the old one still opens what it sealed.
  const fresh = newKey();
  await rig.restartWith([fresh, oldKey]);
  const before = admin(['secrets', 'status'], rig.cliEnv([fresh, oldKey])).json as { keys: Array<{ newest: boolean; secrets: number }> };
  expect(before.keys.map((k) => [k.newest, k.secrets])).toEqual([
    [true, 0],
    [false, 1],
  ]);

  // 2. Re-seal while scans keep webhooks delivering.
  let scanning = true;
  const load = (async () => {
    while (scanning) {
      await scan();
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  await waitUntil(() => scans >= 8 && hooks.received.length < scans, 'scans under way, deliveries in flight');
  const report = (await adminAsync(['secrets', 'reseal', '--batch', '1'], rig.cliEnv([fresh, oldKey]))).json as {
    resealed: number;
    unreadable: number;
    keys: Array<{ newest: boolean; secrets: number }>;
  };
  await waitUntil(() => scans >= 16, 'more scans after the re-seal');
  scanning = false;
  await load;
  expect(report).toMatchObject({ resealed: 1, unreadable: 0 });
  expect(report.keys.map((k) => [k.newest, k.secrets])).toEqual([
    [true, 1],
    [false, 0],
  ]);
  await delivered('deliveries during the re-seal');

  // 3. The old key leaves the ring; restart.
  await rig.restartWith([fresh]);
  for (let i = 0; i < 3; i++) await scan();
  await delivered('deliveries after the old key was removed');

  const verifier = new Webhook(endpoint.body.secret);
  expect(hooks.received).toHaveLength(scans);
  for (const r of hooks.received) expect(verifier.verify(r.body, r.headers as Record<string, string>)).toMatchObject({ type: 'qr.scanned' });
  // Without the new key nothing opens any more: the secret was sealed with it alone.
  expect(admin(['secrets', 'status'], rig.cliEnv([newKey()])).json).toEqual({ keys: [{ key_id: expect.any(String), newest: true, secrets: 0 }] });
}

describe('rotating the secrets key', () => {
  it('all-in-one: add a key, re-seal while delivering, remove the old key, restart', async () => {
    const dir: TempDir = createTempDir('rotate-aio');
    const hooks = await startWebhookReceiver();
    const oldKey = newKey();
    const base = { DATA_DIR: dir.path, WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8' };
    let server: AppProcess = await startApp('all-in-one', { ...base, SECRETS_KEYS: oldKey });
    try {
      const key = /api key:\s+(qrk_\w+)/.exec(server.output())![1];
      await rotateWhileDelivering(
        {
          api: (path) => `${server.url}/api/public/v1${path}`,
          key,
          scanUrl: (shortCode) => `${server.url}/${shortCode}`,
          restartWith: async (keys) => {
            const port = server.port;
            await server.stop();
            server = await startApp('all-in-one', { ...base, SECRETS_KEYS: keys.join(','), PORT: String(port) });
          },
          cliEnv: (keys) => ({ ...base, SECRETS_KEYS: keys.join(',') }),
        },
        hooks,
        oldKey,
      );
    } finally {
      await server.stop();
      await hooks.close();
      dir.remove();
    }
  });

  it('distributed (PostgreSQL, Kafka): the same, restarting the webhook-dispatcher', async () => {
    const pg: TestPostgres = await createTestPostgres('rotate');
    const hooks = await startWebhookReceiver();
    const oldKey = newKey();
    let cluster: Cluster | null = null;
    try {
      cluster = await startCluster({ databaseUrl: pg.url, redisUrl: TEST_REDIS_URL, env: { WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8', SECRETS_KEY: oldKey } });
      const c = cluster;
      const ws = admin(['workspace', 'create', '--name', 'Rotate', '--plan', 'agency'], { DATABASE_URL: pg.url }).json;
      const key = String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'k'], { DATABASE_URL: pg.url }).json.secret);
      await rotateWhileDelivering(
        {
          api: (path) => `${c.gateways[0].url}/api/public/v1${path}`,
          key,
          scanUrl: (shortCode) => `${c.redirects[0].url}/${shortCode}`,
          restartWith: async (keys) => void (await c.restart(c.webhooks, { SECRETS_KEY: undefined, SECRETS_KEYS: keys.join(',') })),
          cliEnv: (keys) => ({ DATABASE_URL: pg.url, SECRETS_KEYS: keys.join(',') }),
        },
        hooks,
        oldKey,
      );
    } finally {
      await cluster?.stop();
      await hooks.close();
      await pg.drop();
    }
  }, 180_000);
});
