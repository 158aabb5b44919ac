import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { type EventEnvelope, type QrScannedV1 } from '@qr/contracts';
import { newId, silentLog } from '@qr/domain';
import { type Database, openDatabase } from '@qr/persistence';
import { type DnsResponder, provisionStorage, startDnsResponder, STORAGE_KINDS, type TestStorage } from '@qr/testing';
import { EndpointsRepository } from '../endpoints/endpoints.repository';
import { ManageEndpoints } from '../endpoints/manage-endpoints';
import { createHostResolver } from '../sending/host-resolver';
import { WEBHOOKS_MIGRATIONS } from '../store/webhooks-migrations';
import { DeliveryWorker } from './delivery-worker';
import { FanOut } from './fan-out';
import { boxWith } from '../testing/box-with';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

/** A real HTTP receiver on loopback whose answer each test scripts. */
async function receiver(
  answer: (n: number, req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      answer(received.length, req, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`, received, close: () => new Promise((r) => server.close(() => r())) };
}

function scannedEvent(workspaceId: string): EventEnvelope<'qr.scanned', QrScannedV1> {
  return {
    id: newId('evt'),
    type: 'qr.scanned',
    version: 1,
    occurred_at: '2026-11-21T10:00:00Z',
    workspace_id: workspaceId,
    qr_id: 'qr_1',
    data: {
      qr_id: 'qr_1',
      client_ref: 'ref',
      short_code: 'Abc1234',
      destination: 'https://example.com/spring',
      country: 'DE',
      device: 'mobile',
      os: 'iOS',
      browser: 'Safari',
      is_bot: false,
      scanned_at: '2026-11-21T10:00:00Z',
      visitor_hash: 'ab'.repeat(16),
      scan_number: 3,
    },
  };
}

describe.each(STORAGE_KINDS)('webhook delivery on %s', (kind) => {
  let provisioned: TestStorage;
  let db: Database;
  let dns: DnsResponder;
  let now = new Date('2026-11-21T10:00:00Z');
  const clock = () => now;
  const box = boxWith(randomBytes(32));
  const loopback = { allowedCidrs: ['127.0.0.0/8'] };
  const schedule = [5_000, 300_000, 1_800_000];
  const closers: Array<() => Promise<void>> = [];

  const setup = (policy = loopback, timeoutMs = 2000) => {
    const endpoints = new EndpointsRepository(db);
    const resolve = createHostResolver([dns.address]);
    const worker = new DeliveryWorker(db, endpoints, box, resolve, policy, { schedule, clock, random: () => 0.5, log: silentLog, timeoutMs });
    return { worker, manage: new ManageEndpoints(db, endpoints, box, resolve, policy, clock), fanOut: new FanOut(db, endpoints, () => undefined, clock) };
  };
  const delivery = async (endpointId: string) =>
    (await db.query<Record<string, unknown>>('SELECT * FROM webhook_deliveries WHERE endpoint_id = $1', [endpointId]))[0];
  const endpointRow = async (id: string) => (await db.query<Record<string, unknown>>('SELECT * FROM webhook_endpoints WHERE id = $1', [id]))[0];
  const ws = () => `ws_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    provisioned = await provisionStorage(kind);
    db = await openDatabase({ name: 'webhooks', storage: provisioned.storage, migrations: WEBHOOKS_MIGRATIONS, runMigrations: true });
    dns = await startDnsResponder();
  });
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
    // Each test drives its own deliveries: nothing left pending may be picked up by the next one.
    await db.execute(`UPDATE webhook_deliveries SET status = 'cancelled' WHERE status IN ('pending', 'delivering')`);
  });
  afterAll(async () => {
    await dns.close();
    await db.close();
    await provisioned.cleanup();
  });

  it('delivers a signed scan payload that the official Standard Webhooks library verifies', async () => {
    const rx = await receiver((_, __, res) => res.writeHead(204).end());
    closers.push(rx.close);
    const { worker, manage, fanOut } = setup();
    const workspace = ws();
    const endpoint = await manage.register(workspace, 'pro', { url: rx.url, events: ['qr.scanned'] });
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect(JSON.stringify(await endpointRow(endpoint.id))).not.toContain(endpoint.secret);
    const event = scannedEvent(workspace);
    now = new Date();
    expect(await fanOut.apply([event, event])).toBe(1);
    expect(await worker.tick()).toBe(1);
    expect(rx.received).toHaveLength(1);
    const { headers, body } = rx.received[0];
    expect(headers['webhook-id']).toBe(event.id);
    const verified = new Webhook(endpoint.secret).verify(body, headers as Record<string, string>) as Record<string, unknown>;
    expect(verified).toEqual({
      id: event.id,
      type: 'qr.scanned',
      created_at: '2026-11-21T10:00:00Z',
      workspace_id: workspace,
      data: {
        qr_id: 'qr_1',
        client_ref: 'ref',
        short_code: 'Abc1234',
        destination: 'https://example.com/spring',
        link_type: null,
        country: 'DE',
        device: 'mobile',
        os: 'iOS',
        browser: 'Safari',
        is_bot: false,
        scanned_at: '2026-11-21T10:00:00Z',
      },
    });
    expect((await delivery(endpoint.id)).status).toBe('delivered');
  });

  it('retries a 500 on the schedule with the same webhook-id, then delivers', async () => {
    const rx = await receiver((n, _, res) => res.writeHead(n === 1 ? 500 : 200).end());
    closers.push(rx.close);
    const { worker, manage, fanOut } = setup();
    const workspace = ws();
    const endpoint = await manage.register(workspace, 'pro', { url: rx.url, events: ['qr.scanned'] });
    now = new Date('2026-11-21T10:00:00Z');
    await fanOut.apply([scannedEvent(workspace)]);
    await worker.tick();
    const first = await delivery(endpoint.id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 500 });
    expect(Number(first.next_attempt_at)).toBe(now.getTime() + 5000);
    now = new Date(now.getTime() + 4999);
    expect(await worker.tick()).toBe(0);
    now = new Date(now.getTime() + 1);
    expect(await worker.tick()).toBe(1);
    expect(await delivery(endpoint.id)).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(rx.received.map((r) => r.headers['webhook-id'])).toEqual([first.event_id, first.event_id]);
  });

  it('treats a redirect as a failure and never follows it; honours Retry-After on 429; a 410 disables the endpoint', async () => {
    const target = await receiver((_, __, res) => res.writeHead(200).end());
    const rx = await receiver((n, _, res) => {
      if (n === 1) res.writeHead(302, { location: target.url }).end();
      else if (n === 2) res.writeHead(429, { 'retry-after': '600' }).end();
      else res.writeHead(410).end();
    });
    closers.push(rx.close, target.close);
    const { worker, manage, fanOut } = setup();
    const workspace = ws();
    const endpoint = await manage.register(workspace, 'pro', { url: rx.url, events: ['qr.scanned'] });
    now = new Date('2026-11-21T10:00:00Z');
    await fanOut.apply([scannedEvent(workspace)]);
    await worker.tick();
    expect(await delivery(endpoint.id)).toMatchObject({ last_status_code: 302, last_error: 'redirect_not_followed', status: 'pending' });
    expect(target.received).toHaveLength(0);
    now = new Date(now.getTime() + 5000);
    await worker.tick();
    // The second retry is scheduled 5 min out; the receiver's Retry-After of 10 min is longer, so it wins.
    expect(Number((await delivery(endpoint.id)).next_attempt_at)).toBe(now.getTime() + 600_000);
    now = new Date(now.getTime() + 600_000);
    await worker.tick();
    expect(await delivery(endpoint.id)).toMatchObject({ status: 'failed', last_status_code: 410 });
    expect(await endpointRow(endpoint.id)).toMatchObject({ status: 'disabled', disabled_reason: 'endpoint_gone_410' });
  });

  it('disables an endpoint that has failed for five days straight', async () => {
    const rx = await receiver((_, __, res) => res.writeHead(503).end());
    closers.push(rx.close);
    const { worker, manage, fanOut } = setup();
    const workspace = ws();
    const endpoint = await manage.register(workspace, 'pro', { url: rx.url, events: ['qr.scanned'] });
    now = new Date('2026-11-01T00:00:00Z');
    await fanOut.apply([scannedEvent(workspace)]);
    await worker.tick();
    expect(Number((await endpointRow(endpoint.id)).failing_since)).toBe(now.getTime());
    now = new Date('2026-11-05T23:00:00Z');
    await fanOut.apply([scannedEvent(workspace)]);
    await worker.tick();
    expect((await endpointRow(endpoint.id)).status).toBe('enabled');
    now = new Date('2026-11-06T00:00:00Z');
    await fanOut.apply([scannedEvent(workspace)]);
    await worker.tick();
    expect(await endpointRow(endpoint.id)).toMatchObject({ status: 'disabled', disabled_reason: 'failing_for_5_days' });
  });

  it('sends two signatures during a rotation window; each secret alone verifies', async () => {
    const rx = await receiver((_, __, res) => res.writeHead(200).end());
    closers.push(rx.close);
    const { worker, manage, fanOut } = setup();
    const workspace = ws();
    const endpoint = await manage.register(workspace, 'pro', { url: rx.url, events: ['qr.scanned'] });
    now = new Date();
    const rotated = await manage.rotateSecret(workspace, endpoint.id);
    await fanOut.apply([scannedEvent(workspace)]);
    await worker.tick();
    const { headers, body } = rx.received[0];
    expect(String(headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(() => new Webhook(endpoint.secret).verify(body, headers as Record<string, string>)).not.toThrow();
    expect(() => new Webhook(rotated.secret).verify(body, headers as Record<string, string>)).not.toThrow();
  });

  it('bounds a slow endpoint by the timeout, and a slow endpoint does not hold up another', async () => {
    const slow = await receiver(() => undefined); // never answers
    const fast = await receiver((_, __, res) => res.writeHead(200).end());
    closers.push(async () => slow.close().catch(() => undefined), fast.close);
    const { worker, manage, fanOut } = setup(loopback, 800);
    const workspace = ws();
    const s = await manage.register(workspace, 'pro', { url: slow.url, events: ['qr.scanned'] });
    const f = await manage.register(workspace, 'pro', { url: fast.url, events: ['qr.scanned'] });
    now = new Date();
    await fanOut.apply([scannedEvent(workspace)]);
    const started = Date.now();
    await worker.start();
    await new Promise((r) => setTimeout(r, 300));
    expect((await delivery(f.id)).status).toBe('delivered');
    expect(Date.now() - started).toBeLessThan(800);
    await new Promise((r) => setTimeout(r, 900));
    expect(await delivery(s.id)).toMatchObject({ status: 'pending', last_error: expect.stringContaining('ETIMEDOUT') });
    await worker.stop();
  });

  it('refuses private targets at registration, and at send time on the address actually dialled (DNS rebinding)', async () => {
    const loop = await receiver((_, __, res) => res.writeHead(200).end());
    closers.push(loop.close);
    const strict = { allowedCidrs: [] };
    const { worker, manage, fanOut } = setup(strict);
    const workspace = ws();
    const port = new URL(loop.url).port;
    for (const url of [
      `http://127.0.0.1:${port}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://[::1]/',
      'http://2130706433/',
      'http://0x7f000001/',
    ]) {
      await expect(manage.register(workspace, 'pro', { url, events: ['qr.scanned'] })).rejects.toMatchObject({
        status: 422,
        errors: [expect.objectContaining({ pointer: '/url' })],
      });
    }
    dns.set('rebind.example.test', { A: [['93.184.216.34'], ['127.0.0.1']] });
    const endpoint = await manage.register(workspace, 'pro', { url: `http://rebind.example.test:${port}/hook`, events: ['qr.scanned'] });
    await fanOut.apply([scannedEvent(workspace)]);
    now = new Date();
    await worker.tick();
    expect(loop.received).toHaveLength(0);
    expect(await delivery(endpoint.id)).toMatchObject({ status: 'pending', last_error: expect.stringContaining('EADDRNOTALLOWED') });
  });

  it('gates event kinds by plan', async () => {
    const { manage } = setup();
    await expect(manage.register(ws(), 'starter', { url: 'http://127.0.0.1:9/', events: ['qr.scanned'] })).rejects.toMatchObject({ status: 403 });
    await expect(manage.register(ws(), 'pro', { url: 'http://127.0.0.1:9/', events: ['qr.scan_milestone_reached'] })).rejects.toMatchObject({ status: 403 });
    await expect(manage.register(ws(), 'agency', { url: 'http://127.0.0.1:9/', events: ['qr.scan_milestone_reached'] })).resolves.toMatchObject({
      events: ['qr.scan_milestone_reached'],
    });
  });
});
