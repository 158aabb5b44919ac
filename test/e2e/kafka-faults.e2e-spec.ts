import { Client } from 'pg';
import {
  admin,
  call,
  type Cluster,
  createTestPostgres,
  KafkaEvents,
  metricValue,
  type OwnKafka,
  rawRequest,
  startCluster,
  startOwnKafka,
  startWebhookReceiver,
  storedEventsOf,
  TEST_REDIS_URL,
  type TestPostgres,
  waitUntil,
  type WebhookReceiver,
} from '@qr/testing';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/**
 * Faults of the Kafka broker itself, on a private broker (scripts/kafka-local.js on spare ports) that
 * the tests kill with -9 and start again with the same data: the deployables start without it, keep
 * answering while it is away (producers keep their events in their outboxes), and catch up when it
 * returns, with every acknowledged scan counted once and every webhook delivered once per event id.
 */
describe('distributed mode when the Kafka broker fails', () => {
  let kafka: OwnKafka;
  let pg: TestPostgres;
  let cluster: Cluster;
  let db: Client;
  let key: string;
  let hooks: WebhookReceiver;
  let events: KafkaEvents;
  const api = (path: string) => `${cluster.gateways[0].url}/api/public/v1${path}`;
  const total = async (id: string) => (await call<{ total_scans: number }>(api(`/qrcodes/${id}/analytics?include_bots=true`), { key })).body.total_scans;
  const webhookIdsOf = (qrId: string) =>
    hooks.received.filter((r) => (JSON.parse(r.body) as { data?: { qr_id?: string } }).data?.qr_id === qrId).map((r) => String(r.headers['webhook-id']));
  const readiness = async (url: string) => call<{ checks: Record<string, string> }>(`${url}/readyz`);
  const newCode = async (url: string) =>
    (await call<{ id: string; short_code: string }>(api('/qrcodes'), { method: 'POST', key, json: { type: 'website', content: { url } } })).body;
  const scan = async (code: { short_code: string }, replica = 0) =>
    (await rawRequest(`${cluster.redirects[replica].url}/${code.short_code}`, { headers: { 'user-agent': IPHONE } }).catch(() => ({ status: 0 }))).status;

  beforeAll(async () => {
    kafka = await startOwnKafka();
    // The broker is away when the deployables start: they start degraded, and join when it comes (first test).
    await kafka.kill9();
    pg = await createTestPostgres('kafkafaults');
    hooks = await startWebhookReceiver();
    cluster = await startCluster({
      databaseUrl: pg.url,
      redisUrl: TEST_REDIS_URL,
      redirects: 2,
      kafkaBrokers: kafka.brokers,
      env: { WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8' },
    });
    db = new Client({ connectionString: pg.url });
    await db.connect();
    const ws = admin(['workspace', 'create', '--name', 'KafkaFaults', '--plan', 'agency'], { DATABASE_URL: pg.url }).json;
    key = String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'k'], { DATABASE_URL: pg.url }).json.secret);
  }, 180_000);
  afterAll(async () => {
    await events?.close();
    await db?.end();
    await cluster?.stop();
    await hooks?.close();
    await pg?.drop();
    await kafka?.destroy();
  });

  it('starts every deployable without its broker, ready and saying Kafka is degraded, and catches up once the broker comes', async () => {
    for (const app of cluster.all()) {
      const r = await readiness(app.url);
      expect({ app: app.name, status: r.status, kafka: r.body.checks.kafka }).toEqual({
        app: app.name,
        status: 200,
        kafka: expect.stringMatching(/^degraded/),
      });
    }
    expect((await call(api('/webhook-endpoints'), { method: 'POST', key, json: { url: hooks.url, events: ['qr.scanned'] } })).status).toBe(201);
    const code = await newCode('https://example.com/early');
    for (let i = 0; i < 5; i++) expect(await scan(code, i % 2)).toBe(302);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await total(code.id)).toBe(0);

    await kafka.restart();
    events = await KafkaEvents.start(cluster.env);
    for (const app of cluster.all()) await waitUntil(async () => (await readiness(app.url)).body.checks.kafka === 'ok', `${app.name}: Kafka ok again`, 60_000);
    await waitUntil(async () => (await total(code.id)) === 5, 'the five early scans in analytics', 60_000);
    await waitUntil(() => new Set(webhookIdsOf(code.id)).size === 5, 'their five webhooks', 60_000);
  }, 180_000);

  it('keeps redirecting while the broker is down, with the events waiting in the outbox, and drains the backlog when it returns', async () => {
    const code = await newCode('https://example.com/down');
    expect(await scan(code)).toBe(302);
    await waitUntil(async () => (await total(code.id)) === 1, 'the first scan in analytics', 30_000);
    await kafka.kill9();
    let acknowledged = 1;
    for (let i = 0; i < 40; i++) if ((await scan(code, i % 2)) === 302) acknowledged += 1;
    expect(acknowledged).toBe(41);
    for (const app of cluster.all()) {
      const r = await readiness(app.url);
      expect({ app: app.name, status: r.status, kafka: r.body.checks.kafka }).toEqual({
        app: app.name,
        status: 200,
        kafka: expect.stringMatching(/^degraded/),
      });
    }
    // The scans wait in redirect's outbox (one replica relays it; it reports what is pending).
    const pending = await Promise.all(cluster.redirects.map((r) => metricValue(r.url, 'qr_outbox_pending', { store: 'redirect' })));
    expect(Math.max(...pending)).toBeGreaterThanOrEqual(40);
    expect(await total(code.id)).toBe(1);

    await kafka.restart();
    await waitUntil(async () => (await total(code.id)) === 41, 'the backlog in analytics', 60_000);
    await waitUntil(async () => (await db.query('SELECT COUNT(*)::int AS n FROM redirect.outbox')).rows[0].n === 0, 'an empty outbox', 30_000);
    expect(await total(code.id)).toBe(41);
  }, 180_000);

  it('loses no acknowledged scan, counts each once and delivers one webhook per event id when the broker is killed with -9 mid-load', async () => {
    const code = await newCode('https://example.com/kill');
    let acknowledged = 0;
    let stop = false;
    const load = async (replica: number) => {
      while (!stop) if ((await scan(code, replica)) === 302) acknowledged += 1;
    };
    const loops = Array.from({ length: 8 }, (_, i) => load(i % 2));
    await waitUntil(async () => (await total(code.id)) > 50, 'scans flowing into analytics', 30_000);
    await kafka.kill9();
    const atKill = acknowledged;
    await new Promise((r) => setTimeout(r, 2000));
    await kafka.restart();
    await waitUntil(async () => acknowledged > atKill + 200, 'more scans after the restart', 30_000);
    stop = true;
    await Promise.all(loops);

    // A scan is recorded when its event is committed with its count; every acknowledged one is.
    const recorded = async () => new Set((await storedEventsOf(db, code.id, events)).filter((e) => e.type === 'qr.scanned').map((e) => e.id));
    await waitUntil(async () => (await total(code.id)) === (await recorded()).size, 'analytics to count every recorded scan', 90_000);
    const ids = await recorded();
    const { rows } = await db.query('SELECT scan_count FROM redirect.links WHERE qr_id = $1', [code.id]);
    expect(ids.size).toBe(Number(rows[0].scan_count));
    expect(ids.size).toBeGreaterThanOrEqual(acknowledged);
    // Exactly once: a redelivered or re-sent event changed nothing.
    await new Promise((r) => setTimeout(r, 2000));
    expect(await total(code.id)).toBe(ids.size);
    // webhook-dispatcher is a consumer group of its own: it may still be behind analytics here.
    const deliveries = async () =>
      (await db.query(`SELECT event_id FROM webhooks.webhook_deliveries WHERE event_type = 'qr.scanned' AND body LIKE $1`, [`%${code.id}%`])).rows;
    await waitUntil(async () => (await deliveries()).length >= ids.size, 'a delivery for every scan', 90_000);
    expect(await deliveries()).toHaveLength(ids.size);
    await waitUntil(() => new Set(webhookIdsOf(code.id)).size === ids.size, 'a webhook for every scan', 90_000);
    expect(new Set(webhookIdsOf(code.id))).toEqual(ids);
  }, 300_000);
});
