import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import {
  adminAsync,
  type AppProcess,
  call,
  createTempDir,
  createTestPostgres,
  rawRequest,
  startApp,
  startWebhookReceiver,
  type TempDir,
  type TestPostgres,
  waitUntil,
  type WebhookReceiver,
} from '@qr/testing';

type Json = Record<string, unknown>;

/** One way to run the server on some storage: the source, and a fresh place to restore into. */
interface Storage {
  /** The environment of the server and the CLI on the source storage. */
  source: Record<string, string>;
  /** A fresh, empty target, prepared as docs/operations.md says (the key file copied in, or a new database). */
  freshTarget(backupDir: string): Promise<Record<string, string>>;
}

const scan = (server: AppProcess, shortCode: string) =>
  rawRequest(`${server.url}/${shortCode}`, { headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' } });

/** Reads [count, analytics total] until they are equal and stay so for a second, or 20 s pass: then the last reading. */
async function settledCount(read: () => Promise<[number, number]>): Promise<{ count: number; total: number }> {
  const deadline = Date.now() + 20_000;
  let last = '';
  let since = Date.now();
  for (;;) {
    const [count, total] = await read();
    const now = `${count}/${total}`;
    if (now !== last) [last, since] = [now, Date.now()];
    if ((count === total && Date.now() - since >= 1000) || Date.now() > deadline) return { count, total };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * docs/operations.md, "Backups", step by step: a workspace with codes, keys, an endpoint and scans;
 * a backup taken while scans keep coming; a restore into fresh storage; a server started on it.
 * Everything acknowledged before the backup began is there, the rest is consistent with itself
 * (each count equals its analytics total, a scan limit still admits exactly its number), and the
 * server answers as before.
 */
async function backupWhileScanning(storage: Storage, hooks: WebhookReceiver): Promise<void> {
  const base = { WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8' };
  const server = await startApp('all-in-one', { ...base, ...storage.source });
  let restored: AppProcess | null = null;
  const backupDir = createTempDir('backup');
  try {
    const key = /api key:\s+(qrk_\w+)/.exec(server.output())![1];
    const api = (s: AppProcess, path: string) => `${s.url}/api/public/v1${path}`;
    const post = async (path: string, json: unknown) => {
      const res = await call<Json>(api(server, path), { method: 'POST', key, json });
      expect(res.status).toBe(201);
      return res.body;
    };

    // What is acknowledged before the backup begins.
    const busy = await post('/qrcodes', { type: 'website', name: 'Busy', content: { url: 'https://example.com/busy' } });
    const limited = await post('/qrcodes', { type: 'website', name: 'Limited', content: { url: 'https://example.com/limited' }, scan_limit: 60 });
    const quiet = await post('/qrcodes', { type: 'website', name: 'Quiet', content: { url: 'https://example.com/quiet' }, client_ref: 'quiet-1' });
    const paused = await post('/qrcodes', { type: 'website', name: 'Paused', content: { url: 'https://example.com/paused' } });
    expect((await call(api(server, `/qrcodes/${paused.id}`), { method: 'PATCH', key, json: { status: 'paused' } })).status).toBe(200);
    await post('/qrcodes', { type: 'text', name: 'Static', content: { text: 'printed once' } });
    const ciKey = await post('/api-keys', { name: 'ci', role: 'viewer' });
    const endpoint = await post('/webhook-endpoints', { url: hooks.url, events: ['qr.scanned'] });
    for (let i = 0; i < 3; i++) expect((await scan(server, String(quiet.short_code))).status).toBe(302);
    expect((await scan(server, String(paused.short_code))).status).toBe(403);
    await waitUntil(() => hooks.received.length >= 3, "the quiet code's webhooks");
    await waitUntil(async () => (await call<Json>(api(server, `/qrcodes/${quiet.id}`), { key })).body.scan_count === 3, "the quiet code's count");

    const listAll = async (s: AppProcess, k: string) => (await call<{ data: Json[] }>(api(s, '/qrcodes?limit=100'), { key: k })).body.data;
    const keysOf = async (s: AppProcess) => (await call<{ data: Json[] }>(api(s, '/api-keys'), { key })).body.data.map(({ last_used_at: _, ...k }) => k);
    const endpointsOf = async (s: AppProcess) => (await call<Json>(api(s, '/webhook-endpoints'), { key })).body;
    const totalOf = async (s: AppProcess, id: unknown) =>
      (await call<Json>(api(s, `/qrcodes/${String(id)}/analytics?include_bots=true`), { key })).body.total_scans as number;
    const codesBefore = await listAll(server, key);
    const keysBefore = await keysOf(server);
    const endpointsBefore = await endpointsOf(server);

    // Sustained scanning of two codes, before, during and after the backup.
    const admitted = new Map<string, number>([
      [String(busy.id), 0],
      [String(limited.id), 0],
    ]);
    let scanning = true;
    const load = Promise.all(
      [busy, limited, busy].map(async (code) => {
        while (scanning) {
          const res = await scan(server, String(code.short_code));
          if (res.status === 302) admitted.set(String(code.id), admitted.get(String(code.id))! + 1);
        }
      }),
    );
    await waitUntil(() => admitted.get(String(busy.id))! >= 20, 'scans under way');
    const ackedBefore = new Map(admitted);
    const taken = await adminAsync(['backup', '--to', backupDir.path], storage.source);
    const during = new Map(admitted);
    await waitUntil(() => admitted.get(String(busy.id))! >= during.get(String(busy.id))! + 10, 'scans after the backup');
    scanning = false;
    await load;

    expect(taken.status).toBe(0);
    expect(taken.json).toMatchObject({ stores: ['gateway', 'qr', 'redirect', 'analytics', 'webhooks', 'eventlog'] });
    expect(Object.values(taken.json.secrets_sealed_with as object)).toEqual([1]);
    expect(String(taken.json.secrets_key)).toMatch(/not in the backup/);

    // Restore into fresh storage and start there.
    const target = await storage.freshTarget(backupDir.path);
    const put = await adminAsync(['restore', '--from', backupDir.path], target);
    expect(put.json).toMatchObject({ restored: ['gateway', 'qr', 'redirect', 'analytics', 'webhooks', 'eventlog'] });
    // A second restore into the same place is refused and changes nothing.
    const again = await adminAsync(['restore', '--from', backupDir.path], target);
    expect(again.status).toBe(1);
    expect(again.json).toMatchObject({ error: { code: 'refused' } });
    restored = await startApp('all-in-one', { ...base, ...target });
    const r = restored;

    // Codes, keys and endpoints are exactly as acknowledged; counts are between what was acknowledged before and during the backup.
    const codesAfter = await listAll(r, key);
    const withoutCounts = (codes: Json[]) => codes.map(({ scan_count: _c, state: _s, ...c }) => c);
    expect(withoutCounts(codesAfter)).toEqual(withoutCounts(codesBefore));
    expect(await keysOf(r)).toEqual(keysBefore);
    expect(await endpointsOf(r)).toEqual(endpointsBefore);
    for (const code of codesAfter) {
      const id = String(code.id);
      if (!admitted.has(id)) {
        expect(code.scan_count).toBe(codesBefore.find((c) => c.id === id)!.scan_count);
        continue;
      }
      // The restored server's consumers catch up first (the count and the projection both follow the log):
      // then the projection holds exactly the scans the restored redirect counted, none lost, none twice.
      const settled = await settledCount(async () => [
        ((await call<Json>(api(r, `/qrcodes/${id}`), { key })).body.scan_count as number) ?? -1,
        await totalOf(r, id),
      ]);
      expect(settled).toEqual({ count: settled.count, total: settled.count });
      expect(settled.count).toBeGreaterThanOrEqual(ackedBefore.get(id)!);
      expect(settled.count).toBeLessThanOrEqual(during.get(id)!);
    }
    expect(await totalOf(r, quiet.id)).toBe(3);

    // The server answers as before: the same keys, the same short links, the scan limit exact, webhooks signed with the same secret.
    expect((await call(api(r, '/qrcodes'), { key: String(ciKey.secret) })).status).toBe(200);
    const redirect = await scan(r, String(quiet.short_code));
    expect(redirect.status).toBe(302);
    expect(redirect.headers.location).toBe('https://example.com/quiet');
    expect((await scan(r, String(paused.short_code))).status).toBe(403);
    const limitedCount = (await call<Json>(api(r, `/qrcodes/${limited.id}`), { key })).body.scan_count as number;
    let admittedAfter = 0;
    for (let status = 0; status !== 410;) {
      status = (await scan(r, String(limited.short_code))).status;
      if (status === 302) admittedAfter += 1;
      expect([302, 410]).toContain(status);
    }
    expect(limitedCount + admittedAfter).toBe(60);
    const delivered = hooks.received.length;
    expect((await scan(r, String(quiet.short_code))).status).toBe(302);
    await waitUntil(() => hooks.received.slice(delivered).some((h) => JSON.parse(h.body).data.qr_id === quiet.id), 'a webhook from the restored server');
    const verifier = new Webhook(String(endpoint.secret));
    for (const h of hooks.received.slice(delivered)) expect(verifier.verify(h.body, h.headers as Record<string, string>)).toMatchObject({ type: 'qr.scanned' });
  } finally {
    await restored?.stop();
    await server.stop();
    backupDir.remove();
  }
}

describe('backup and restore (docs/operations.md, "Backups")', () => {
  let hooks: WebhookReceiver;
  beforeAll(async () => {
    hooks = await startWebhookReceiver();
  });
  afterAll(() => hooks.close());

  it('all-in-one (SQLite): an online backup while scanning, restored into a fresh DATA_DIR with the key file', async () => {
    const dirs: TempDir[] = [createTempDir('source'), createTempDir('restored')];
    try {
      await backupWhileScanning(
        {
          source: { DATA_DIR: dirs[0].path },
          freshTarget: async (backupDir) => {
            const into = join(dirs[1].path, 'data');
            // Without the key file the backup noted, restore refuses and writes nothing.
            const refused = await adminAsync(['restore', '--from', backupDir], { DATA_DIR: into });
            expect(refused.json).toMatchObject({ error: { code: 'refused', detail: expect.stringMatching(/sealed with key \w{8}/) } });
            expect(existsSync(join(into, 'gateway.sqlite'))).toBe(false);
            mkdirSync(into, { recursive: true });
            copyFileSync(join(dirs[0].path, 'secrets.key'), join(into, 'secrets.key'));
            return { DATA_DIR: into };
          },
        },
        hooks,
      );
    } finally {
      for (const d of dirs) d.remove();
    }
  }, 120_000);

  it('PostgreSQL: pg_dump while scanning, pg_restore into a new database with SECRETS_KEYS', async () => {
    const secretsKeys = randomBytes(32).toString('base64');
    const source: TestPostgres = await createTestPostgres('backup_src');
    const target: TestPostgres = await createTestPostgres('backup_dst');
    try {
      await backupWhileScanning(
        {
          source: { DATABASE_URL: source.url, SECRETS_KEYS: secretsKeys },
          freshTarget: async (backupDir) => {
            // Without SECRETS_KEYS, restore refuses before writing anything.
            const refused = await adminAsync(['restore', '--from', backupDir], { DATABASE_URL: target.url });
            expect(refused.json).toMatchObject({ error: { code: 'refused', detail: expect.stringMatching(/sealed with key \w{8}/) } });
            return { DATABASE_URL: target.url, SECRETS_KEYS: secretsKeys };
          },
        },
        hooks,
      );
    } finally {
      await source.drop();
      await target.drop();
    }
  }, 120_000);
});
