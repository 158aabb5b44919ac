import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { type QrClient, verifyWebhook, WebhookVerificationError } from '@qr-platform/sdk';
import { rawRequest, waitUntil } from '@qr/testing';
import { type SdkHarness, startSdkHarness } from './support-sdk';

interface Delivery {
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Webhook endpoints, deliveries and their verification, and API keys, against the real server. */
describe('SDK: webhooks and API keys (all-in-one)', () => {
  let h: SdkHarness;
  let receiver: Server;
  let receiverUrl: string;
  const received: Delivery[] = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/qr-events`;
    // The receiver is on loopback: refused unless the operator allows it.
    h = await startSdkHarness('sdk-hooks', { WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8', WEBHOOK_RETRY_SCHEDULE: '1s,1s,1s' });
  });
  afterAll(async () => {
    await h?.stop();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  const deliveriesOf = (qrId: string) => received.filter((d) => JSON.parse(d.body.toString()).data?.qr_id === qrId);

  it('manages an endpoint: create (secret once), list, get, update, test, deliveries, retry, delete', async () => {
    const qr = h.client(h.workspace('agency').key);
    const endpoint = await qr.webhookEndpoints.create({ url: receiverUrl, events: ['qr.scanned'], description: 'ERP' });
    expect(endpoint).toMatchObject({ object: 'webhook_endpoint', status: 'enabled', events: ['qr.scanned'], secret: expect.stringMatching(/^whsec_/) });
    const listed = await qr.webhookEndpoints.list();
    expect(listed.data.map((e) => e.id)).toEqual([endpoint.id]);
    expect(JSON.stringify(listed)).not.toContain(endpoint.secret);
    expect(await qr.webhookEndpoints.get(endpoint.id)).not.toHaveProperty('secret');

    const updated = await qr.webhookEndpoints.update(endpoint.id, { events: ['qr.scanned', 'qr.scan_milestone_reached'], description: null });
    expect(updated).toMatchObject({ events: ['qr.scanned', 'qr.scan_milestone_reached'], description: null });

    const start = received.length;
    const test = await qr.webhookEndpoints.test(endpoint.id);
    expect(test).toMatchObject({ object: 'webhook_test', delivered: true, status_code: 204 });
    const sample = received.slice(start).find((d) => d.headers['webhook-id'] === test.event_id)!;
    const event = verifyWebhook(sample.body, sample.headers, endpoint.secret);
    expect(event).toMatchObject({ id: test.event_id, type: 'qr.scanned', data: { test: true } });

    const code = await qr.codes.create({ type: 'website', content: { url: 'https://example.com/hook' } });
    await rawRequest(`${h.server.url}/${code.short_code}`);
    const log = (await waitUntil(async () => {
      const list = await qr.webhookEndpoints.deliveries(endpoint.id);
      return list.data[0]?.status === 'delivered' ? list : null;
    }, 'the scan delivery to be logged as delivered'))!;
    expect(log.data[0]).toMatchObject({ object: 'webhook_delivery', endpoint_id: endpoint.id, event_type: 'qr.scanned', attempts: 1, last_status_code: 204 });

    const again = await qr.webhookDeliveries.retry(log.data[0].id);
    expect(again).toMatchObject({ id: log.data[0].id, event_id: log.data[0].event_id });
    await waitUntil(
      () => received.filter((d) => d.headers['webhook-id'] === log.data[0].event_id).length === 2,
      'the delivery sent again, with the same webhook-id',
    );

    expect(await qr.webhookEndpoints.delete(endpoint.id)).toEqual({ id: endpoint.id, object: 'webhook_endpoint', deleted: true });
    await expect(qr.webhookEndpoints.get(endpoint.id)).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });

  it('refuses what the plan and the address policy forbid, with typed errors', async () => {
    const pro = h.client(h.workspace('pro').key);
    await expect(pro.webhookEndpoints.create({ url: receiverUrl, events: ['qr.scan_milestone_reached'] })).rejects.toMatchObject({
      status: 403,
      code: 'event_not_in_plan',
      errors: [expect.objectContaining({ pointer: '/events/0' })],
    });
    await expect(h.client(h.workspace('starter').key).webhookEndpoints.list()).rejects.toMatchObject({ status: 403 });
    await expect(pro.webhookEndpoints.create({ url: 'http://10.1.2.3/hooks', events: ['qr.scanned'] })).rejects.toMatchObject({
      status: 422,
      errors: [expect.objectContaining({ pointer: '/url', code: 'address_not_allowed' })],
    });
  });

  describe('verifyWebhook on real deliveries', () => {
    let qr: QrClient;
    let secret: string;
    let delivery: Delivery;
    let qrId: string;

    beforeAll(async () => {
      qr = h.client(h.workspace('pro').key);
      secret = (await qr.webhookEndpoints.create({ url: receiverUrl, events: ['qr.scanned', 'qr.scan_limit_reached'] })).secret;
      const code = await qr.codes.create({ type: 'website', content: { url: 'https://example.com/v' }, client_ref: 'verify-1', scan_limit: 1 });
      qrId = code.id;
      await rawRequest(`${h.server.url}/${code.short_code}`, {
        headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/124.0 Safari/537.36' },
      });
      await waitUntil(() => deliveriesOf(qrId).length >= 2, 'the scan and the limit webhooks');
      delivery = deliveriesOf(qrId).find((d) => JSON.parse(d.body.toString()).type === 'qr.scanned')!;
    });

    it('returns the typed event for an authentic delivery (bytes or string body, Node or fetch headers)', () => {
      const event = verifyWebhook(delivery.body, delivery.headers, secret);
      expect(event.type).toBe('qr.scanned');
      if (event.type !== 'qr.scanned') throw new Error('narrowing');
      // Typed by its `type`: a scan's data, and nothing that identifies the person.
      expect(event.data).toEqual({
        qr_id: qrId,
        client_ref: 'verify-1',
        short_code: expect.any(String),
        destination: expect.stringMatching(/^https:\/\//),
        link_type: null,
        country: null,
        device: 'desktop',
        os: 'Windows',
        browser: 'Chrome',
        is_bot: false,
        scanned_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      });
      expect(event.id).toBe(delivery.headers['webhook-id']);
      const fetchHeaders = new Headers(Object.entries(delivery.headers).map(([k, v]) => [k, String(v)] as [string, string]));
      expect(verifyWebhook(delivery.body.toString('utf8'), fetchHeaders, secret)).toEqual(event);
      const limit = deliveriesOf(qrId).find((d) => JSON.parse(d.body.toString()).type === 'qr.scan_limit_reached')!;
      expect(verifyWebhook(limit.body, limit.headers, secret)).toMatchObject({ type: 'qr.scan_limit_reached', data: { qr_id: qrId, scan_limit: 1 } });
    });

    it('refuses a tampered body, another secret, missing headers', () => {
      const tampered = Buffer.from(delivery.body.toString().replace('"is_bot":false', '"is_bot":true'));
      expect(tampered.equals(delivery.body)).toBe(false);
      expect(() => verifyWebhook(tampered, delivery.headers, secret)).toThrow(WebhookVerificationError);
      expect(() => verifyWebhook(delivery.body, delivery.headers, `whsec_${Buffer.from('another secret, 32 bytes long!!').toString('base64')}`)).toThrow(
        /No matching signature/,
      );
      const { 'webhook-signature': _omitted, ...unsigned } = delivery.headers;
      expect(() => verifyWebhook(delivery.body, unsigned, secret)).toThrow(/missing header webhook-signature/);
      expect(() => verifyWebhook(delivery.body, delivery.headers, 'not-a-secret')).toThrow(TypeError);
    });

    it('refuses an old delivery even with a valid signature (signed by the official library)', () => {
      const id = String(delivery.headers['webhook-id']);
      const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
      const signature = new Webhook(secret).sign(id, tenMinutesAgo, delivery.body.toString());
      const replayed = { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(tenMinutesAgo.getTime() / 1000)), 'webhook-signature': signature };
      expect(() => verifyWebhook(delivery.body, replayed, secret)).toThrow(/timestamp too old/);
      // The same signature made now passes: only the age was wrong.
      const now = new Date();
      const fresh = {
        ...replayed,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': new Webhook(secret).sign(id, now, delivery.body.toString()),
      };
      expect(verifyWebhook(delivery.body, fresh, secret).id).toBe(id);
    });

    it('verifies with the old or the new secret while a rotation overlaps', async () => {
      const [endpoint] = (await qr.webhookEndpoints.list()).data;
      const rotated = await qr.webhookEndpoints.rotateSecret(endpoint.id);
      expect(rotated.secret).not.toBe(secret);
      const start = received.length;
      const test = await qr.webhookEndpoints.test(endpoint.id);
      const sent = received.slice(start).find((d) => d.headers['webhook-id'] === test.event_id)!;
      expect(String(sent.headers['webhook-signature']).split(' ')).toHaveLength(2);
      expect(verifyWebhook(sent.body, sent.headers, secret).id).toBe(test.event_id);
      expect(verifyWebhook(sent.body, sent.headers, rotated.secret).id).toBe(test.event_id);
      expect(verifyWebhook(sent.body, sent.headers, [`whsec_${Buffer.from('unrelated key material, 32 bytes').toString('base64')}`, rotated.secret]).id).toBe(
        test.event_id,
      );
    });
  });

  it('creates, lists and revokes API keys; a revoked key answers 401', async () => {
    const qr = h.client(h.workspace('agency').key);
    const created = await qr.apiKeys.create({ name: 'dashboard', role: 'viewer', expires_at: '2099-01-01T00:00:00+02:00' });
    expect(created).toMatchObject({
      object: 'api_key',
      name: 'dashboard',
      role: 'viewer',
      secret: expect.stringMatching(/^qrk_[0-9A-Za-z]{32}$/),
      expires_at: '2098-12-31T22:00:00Z',
    });
    const listed = await qr.apiKeys.list();
    expect(listed.data.map((k) => k.id)).toContain(created.id);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    const viewer = h.client(created.secret);
    expect(await viewer.codes.list().toArray()).toEqual([]);
    expect(await qr.apiKeys.revoke(created.id)).toEqual({ id: created.id, object: 'api_key', deleted: true });
    await expect(viewer.codes.list().toArray()).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    await expect(qr.apiKeys.create({ name: '' })).rejects.toMatchObject({ status: 422, errors: [expect.objectContaining({ pointer: '/name' })] });
  });

  it('got only answers its OpenAPI document describes', async () => {
    expect(await h.contractViolations()).toEqual([]);
  });
});
