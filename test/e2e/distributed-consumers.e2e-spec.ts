import { Client } from 'pg';
import { KAFKA_SESSION_TIMEOUT_MS } from '@qr/event-log';
import {
  admin,
  call,
  type Cluster,
  createTestPostgres,
  KafkaEvents,
  metricValue,
  rawRequest,
  startCluster,
  startWebhookReceiver,
  TEST_REDIS_URL,
  type TestPostgres,
  waitUntil,
  type WebhookReceiver,
} from '@qr/testing';

const PROJECTION = 'analytics-service.projection';
const FANOUT = 'webhook-dispatcher.fanout';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/**
 * Two analytics-service and two webhook-dispatcher replicas on the machine's PostgreSQL and Redis and the
 * run's Kafka broker: each consumer group's partitions are spread over the live replicas by Kafka's group
 * protocol, and a replica killed with -9 has its partitions taken over by the other once its session
 * times out.
 */
describe('distributed consumers: a consumer group over two replicas', () => {
  let pg: TestPostgres;
  let cluster: Cluster;
  let db: Client;
  let key: string;
  let hooks: WebhookReceiver;
  let kafka: KafkaEvents;
  const receivedIds = () => hooks.received.map((r) => String(r.headers['webhook-id']));
  let codes: Array<{ id: string; short_code: string }> = [];

  beforeAll(async () => {
    pg = await createTestPostgres('distc');
    hooks = await startWebhookReceiver();
    cluster = await startCluster({ databaseUrl: pg.url, redisUrl: TEST_REDIS_URL, analytics: 2, webhooks: 2, env: { WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8' } });
    db = new Client({ connectionString: pg.url });
    await db.connect();
    kafka = await KafkaEvents.start(cluster.env);
    const ws = admin(['workspace', 'create', '--name', 'Consumers', '--plan', 'agency'], { DATABASE_URL: pg.url }).json;
    key = String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'k'], { DATABASE_URL: pg.url }).json.secret);
    const endpoint = await call(`${api('/webhook-endpoints')}`, { method: 'POST', key, json: { url: hooks.url, events: ['qr.scanned'] } });
    expect(endpoint.status).toBe(201);
    // Enough codes (the partition key) to land in most of the log's 12 partitions.
    const items = Array.from({ length: 24 }, (_, i) => ({ type: 'website', content: { url: `https://example.com/${i}` }, client_ref: `c-${i}` }));
    const bulk = await call<{ data: Array<{ qr_code: { id: string; short_code: string } }> }>(api('/qrcodes/bulk'), { method: 'POST', key, json: { items } });
    codes = bulk.body.data.map((d) => d.qr_code);
    expect(codes).toHaveLength(24);
  }, 180_000);
  afterAll(async () => {
    await kafka?.close();
    await db?.end();
    await cluster?.stop();
    await hooks?.close();
    await pg?.drop();
  });

  function api(path: string): string {
    return `${cluster.gateways[0].url}/api/public/v1${path}`;
  }

  /** `count` scans spread over the codes, `concurrency` at a time; returns the 302s (recorded scans) per code. */
  async function scans(count: number, concurrency: number, onProgress: (done: number) => Promise<void> = async () => undefined): Promise<Map<string, number>> {
    const per = new Map<string, number>();
    let next = 0;
    let done = 0;
    const worker = async () => {
      while (next < count) {
        const code = codes[next++ % codes.length];
        const res = await rawRequest(`${cluster.redirects[0].url}/${code.short_code}`, { headers: { 'user-agent': IPHONE } });
        expect(res.status).toBe(302);
        per.set(code.id, (per.get(code.id) ?? 0) + 1);
        await onProgress(++done);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return per;
  }

  const totalScans = async (id: string) => (await call<{ total_scans: number }>(api(`/qrcodes/${id}/analytics`), { key })).body.total_scans;
  const recorded = new Map<string, number>();
  const addAll = (per: Map<string, number>) => {
    for (const [id, n] of per) recorded.set(id, (recorded.get(id) ?? 0) + n);
  };
  async function expectAnalyticsToMatch(timeoutMs: number): Promise<void> {
    for (const [id, n] of recorded) await waitUntil(async () => (await totalScans(id)) >= n, `analytics of ${id} reaching ${n}`, timeoutMs);
    // Then exactly: nothing counted twice (each event is applied once, whoever handled it).
    for (const [id, n] of recorded) expect({ id, total: await totalScans(id) }).toEqual({ id, total: n });
  }
  // Every scan event on Kafka (redirect's outbox is relayed by then: analytics has counted them all).
  const scanEventIds = async () => {
    await kafka.upToDate();
    return new Set(
      kafka
        .all()
        .filter((e) => e.type === 'qr.scanned')
        .map((e) => e.id),
    );
  };

  it('spreads each group’s partitions over both replicas, and both handle a share of the events', async () => {
    for (const [replicas, group] of [
      [cluster.analyticsReplicas, PROJECTION],
      [cluster.webhookReplicas, FANOUT],
    ] as const) {
      await waitUntil(
        async () => {
          const held = await Promise.all(replicas.map((r) => metricValue(r.url, 'qr_event_consumer_partitions', { group })));
          return held.every((n) => n > 0) && held[0] + held[1] === 12;
        },
        `${group}: both replicas holding a share of the 12 partitions`,
        30_000,
      );
    }
    addAll(await scans(240, 8));
    await expectAnalyticsToMatch(30_000);
    await waitUntil(async () => new Set(receivedIds()).size >= 240, '240 webhooks', 30_000);
    for (const [replicas, group] of [
      [cluster.analyticsReplicas, PROJECTION],
      [cluster.webhookReplicas, FANOUT],
    ] as const) {
      const handled = await Promise.all(replicas.map((r) => metricValue(r.url, 'qr_event_consumer_records_total', { group })));
      // Both did part of the work, and together all of it (the fan-out group also reads other event types).
      expect({ group, both: handled.every((n) => n > 0) }).toEqual({ group, both: true });
      expect(handled[0] + handled[1]).toBeGreaterThanOrEqual(240);
    }
  }, 120_000);

  it('loses nothing and counts nothing twice when one replica of each is killed with -9 mid-load', async () => {
    const [victimAnalytics, victimWebhooks] = [cluster.analyticsReplicas[1], cluster.webhookReplicas[1]];
    // The survivors take the killed replicas' partitions once their sessions (KAFKA_SESSION_TIMEOUT_MS, 10 s) time out.
    const takenOver = (killedAt: number) =>
      Promise.all(
        (
          [
            [cluster.analyticsReplicas[0], PROJECTION],
            [cluster.webhookReplicas[0], FANOUT],
          ] as const
        ).map(async ([survivor, group]) => {
          await waitUntil(
            async () => (await metricValue(survivor.url, 'qr_event_consumer_partitions', { group })) === 12,
            `${group}: the survivor holding all 12 partitions`,
            60_000,
            100,
          );
          return Date.now() - killedAt;
        }),
      );
    let moved: Promise<number[]> | null = null;
    const per = await scans(720, 8, async (done) => {
      if (done === 240) moved = Promise.all([victimAnalytics.kill9(), victimWebhooks.kill9()]).then(() => takenOver(Date.now()));
    });
    addAll(per);
    // Within the session timeout, plus the survivor's next heartbeat (a fifth of it) and the rejoin.
    for (const ms of (await moved!) as number[]) expect(ms).toBeLessThan(KAFKA_SESSION_TIMEOUT_MS + 8000);
    await expectAnalyticsToMatch(60_000);

    const ids = await scanEventIds();
    expect(ids.size).toBe(240 + 720);
    // One delivery per scan event, however often the fan-out was handled (it is idempotent on the event id).
    const { rows } = await db.query(`SELECT event_id FROM webhooks.webhook_deliveries WHERE event_type = 'qr.scanned'`);
    expect(rows).toHaveLength(ids.size);
    expect(new Set(rows.map((r) => r.event_id))).toEqual(ids);
    // Every delivery arrives; one the killed replica was sending when it died is sent again after its
    // 60 s lease, with the same webhook-id (a retry, never a second delivery).
    await waitUntil(() => new Set(receivedIds()).size >= ids.size, 'every webhook', 120_000);
    const got = new Map<string, number>();
    for (const id of receivedIds()) got.set(id, (got.get(id) ?? 0) + 1);
    expect(new Set(got.keys())).toEqual(ids);
    // Repeats: what the killed replica had in flight (at most 16 per endpoint), and an attempt the
    // sender saw fail though the receiver got it (a timeout on a loaded machine), which it recorded.
    const retried = await db.query(`SELECT COUNT(*) AS n FROM webhooks.webhook_deliveries WHERE event_type = 'qr.scanned' AND attempts > 1`);
    expect([...got.values()].filter((n) => n > 1).length).toBeLessThanOrEqual(16 + Number(retried.rows[0].n));
  }, 300_000);
});
