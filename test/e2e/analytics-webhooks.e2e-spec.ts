import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { admin, type AppProcess, call, createTempDir, rawRequest, startApp, type TempDir, waitUntil } from '@qr/testing';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

describe('analytics and webhooks (all-in-one)', () => {
  let dir: TempDir;
  let server: AppProcess;
  let hooks: Server;
  let hookUrl: string;
  const received: Received[] = [];
  let answer: (res: ServerResponse) => void = (res) => res.writeHead(200).end();
  const env = () => ({
    DATA_DIR: dir.path,
    TRUST_PROXY: 'true',
    GEO_HEADER: 'X-Country',
    WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8',
    WEBHOOK_RETRY_SCHEDULE: '1s,1s,1s',
  });
  const api = (path: string) => `${server.url}/api/public/v1${path}`;
  const workspace = (plan: string) => {
    const ws = admin(['workspace', 'create', '--name', plan, '--plan', plan], { DATA_DIR: dir.path }).json;
    return { id: String(ws.id), key: String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'k'], { DATA_DIR: dir.path }).json.secret) };
  };
  const create = async (key: string, body: Record<string, unknown>) =>
    (await call<{ id: string; short_code: string }>(api('/qrcodes'), { method: 'POST', key, json: body })).body;
  const scan = (code: string, ua: string, country: string) => rawRequest(`${server.url}/${code}`, { headers: { 'user-agent': ua, 'x-country': country } });

  beforeAll(async () => {
    dir = createTempDir('aw-e2e');
    hooks = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        answer(res);
      });
    });
    await new Promise<void>((r) => hooks.listen(0, '127.0.0.1', r));
    hookUrl = `http://127.0.0.1:${(hooks.address() as { port: number }).port}/hooks`;
    server = await startApp('all-in-one', env());
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise((r) => hooks.close(r));
    dir?.remove();
  });

  it('counts scans exactly by day, device and country (trusted geo header), excludes bots by default, and exports CSV', async () => {
    const { key } = workspace('agency');
    const code = await create(key, { type: 'website', content: { url: 'https://example.com' } });
    await scan(code.short_code, IPHONE, 'DE');
    await scan(code.short_code, IPHONE, 'DE');
    await scan(code.short_code, ANDROID, 'FR');
    await scan(code.short_code, DESKTOP, 'US');
    await scan(code.short_code, 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'US');
    const get = (q = '') => call<Record<string, unknown>>(api(`/qrcodes/${code.id}/analytics${q}`), { key });
    await waitUntil(async () => (await get('?include_bots=true')).body.total_scans === 5, 'the projection to catch up', 10_000);
    const a = (await get()).body as {
      total_scans: number;
      by_day: Array<{ date: string; scans: number }>;
      by_device: unknown;
      by_country: unknown;
      timezone: string;
    };
    const today = new Date().toISOString().slice(0, 10);
    expect(a.total_scans).toBe(4);
    expect(a.timezone).toBe('UTC');
    expect(a.by_day).toHaveLength(30);
    expect(a.by_day[29]).toEqual({ date: today, scans: 4, unique_scanners: expect.any(Number) });
    expect(a.by_device).toEqual([
      { device: 'mobile', scans: 3 },
      { device: 'tablet', scans: 0 },
      { device: 'desktop', scans: 1 },
      { device: 'other', scans: 0 },
    ]);
    expect(a.by_country).toEqual([
      { country: 'DE', scans: 2 },
      { country: 'FR', scans: 1 },
      { country: 'US', scans: 1 },
    ]);
    const csv = await fetch(api(`/qrcodes/${code.id}/analytics?format=csv`), { headers: { authorization: `Bearer ${key}` } });
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const text = await csv.text();
    expect(text).toContain(code.id);
    expect(text).toMatch(/\r\n/);

    for (const [q, pointer] of [
      ['?from=2025-01-01&to=2026-11-01', '/to'],
      ['?tz=Mars/Olympus', '/tz'],
      ['?from=2026-11-10&to=2026-11-01', '/to'],
    ] as const) {
      const bad = await get(q);
      expect(bad.status).toBe(422);
      expect(JSON.stringify(bad.body.errors)).toContain(pointer.slice(1));
    }
    const other = workspace('agency');
    expect((await call(api(`/qrcodes/${code.id}/analytics`), { key: other.key })).status).toBe(404);

    const before = (await get('?include_bots=true')).body;
    const rebuilt = admin(['analytics', 'rebuild'], { DATA_DIR: dir.path });
    expect(rebuilt.status).toBe(0);
    await waitUntil(
      async () => JSON.stringify((await get('?include_bots=true')).body) === JSON.stringify(before),
      'the rebuild to reach the same figures',
      15_000,
    );
    const summary = await call<{ total_scans: number; top_codes: Array<{ qr_id: string; scans: number }> }>(api('/analytics'), { key });
    expect(summary.body.top_codes[0]).toMatchObject({ qr_id: code.id, scans: 4 });
  });

  it('delivers a signed qr.scanned webhook after a scan, gated by plan, with a delivery log', async () => {
    const { key } = workspace('pro');
    const milestone = await call(api('/webhook-endpoints'), { method: 'POST', key, json: { url: hookUrl, events: ['qr.scan_milestone_reached'] } });
    expect(milestone.status).toBe(403);
    const starter = workspace('starter');
    expect((await call(api('/webhook-endpoints'), { method: 'POST', key: starter.key, json: { url: hookUrl, events: ['qr.scanned'] } })).status).toBe(403);
    expect((await call(api('/webhook-endpoints'), { method: 'POST', key, json: { url: 'http://169.254.169.254/', events: ['qr.scanned'] } })).status).toBe(422);

    const created = await call<{ id: string; secret: string }>(api('/webhook-endpoints'), {
      method: 'POST',
      key,
      json: { url: hookUrl, events: ['qr.scanned', 'qr.scan_limit_reached'] },
    });
    expect(created.status).toBe(201);
    const listed = await call(api('/webhook-endpoints'), { key });
    expect(listed.text).not.toContain(created.body.secret);

    const code = await create(key, { type: 'website', content: { url: 'https://example.com' }, client_ref: 'sku-1', scan_limit: 1 });
    const start = received.length;
    await scan(code.short_code, IPHONE, 'DE');
    await waitUntil(() => received.length >= start + 2, 'the scan and limit webhooks', 10_000);
    const bodies = received
      .slice(start)
      .map((r) => new Webhook(created.body.secret).verify(r.body, r.headers as Record<string, string>) as { type: string; data: Record<string, unknown> });
    const scanned = bodies.find((b) => b.type === 'qr.scanned')!;
    expect(Object.keys(scanned.data).sort()).toEqual([
      'browser',
      'client_ref',
      'country',
      'destination',
      'device',
      'is_bot',
      'link_type',
      'os',
      'qr_id',
      'scanned_at',
      'short_code',
    ]);
    expect(scanned.data).toMatchObject({ qr_id: code.id, client_ref: 'sku-1', destination: 'https://example.com', country: 'DE', device: 'mobile' });
    expect(bodies.map((b) => b.type).sort()).toEqual(['qr.scan_limit_reached', 'qr.scanned']);

    // The receiver has answered; the worker records the outcome in its own commit right after.
    const deliveries = async () =>
      (
        await call<{ data: Array<{ status: string; attempts: number; last_status_code: number }> }>(api(`/webhook-endpoints/${created.body.id}/deliveries`), {
          key,
        })
      ).body.data;
    await waitUntil(async () => (await deliveries()).every((d) => d.status === 'delivered'), 'both deliveries recorded as delivered', 10_000);
    const log = await deliveries();
    expect(log).toHaveLength(2);
    expect(log.every((d) => d.status === 'delivered' && d.last_status_code === 200)).toBe(true);
    const test = await call<{ delivered: boolean }>(api(`/webhook-endpoints/${created.body.id}/test`), { method: 'POST', key });
    expect(test.body.delivered).toBe(true);
  });

  it('delivers every event at least once after kill -9 mid-delivery, with the same webhook-id', async () => {
    const { key } = workspace('pro');
    const endpoint = await call<{ id: string; secret: string }>(api('/webhook-endpoints'), {
      method: 'POST',
      key,
      json: { url: hookUrl, events: ['qr.scanned'] },
    });
    const code = await create(key, { type: 'website', content: { url: 'https://example.com' } });
    let stalled = 0;
    answer = () => void (stalled += 1); // hold the request: the delivery is in flight when the server dies
    const start = received.length;
    await scan(code.short_code, DESKTOP, 'US');
    await waitUntil(() => stalled >= 1, 'the delivery to be in flight', 10_000);
    await server.kill9();
    answer = (res) => res.writeHead(200).end();
    server = await startApp('all-in-one', env());
    await waitUntil(() => received.length >= start + 2, 'the delivery again after restart', 15_000);
    const ids = received.slice(start).map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(1);
    await waitUntil(
      async () => {
        const log = await call<{ data: Array<{ status: string }> }>(api(`/webhook-endpoints/${endpoint.body.id}/deliveries`), { key });
        return log.body.data[0]?.status === 'delivered';
      },
      'the delivery recorded as delivered',
      10_000,
    );
  });
});
