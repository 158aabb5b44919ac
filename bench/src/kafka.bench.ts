import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { Client } from 'pg';
import { ANALYTICS_MIGRATIONS, ScanProjection } from '@qr/analytics';
import { TOPICS } from '@qr/contracts';
import { silentLog } from '@qr/domain';
import { KafkaEventLog } from '@qr/event-log';
import { openDatabase } from '@qr/persistence';
import { admin, type AppProcess, call, createTestPostgres, metricValue, rawRequest, startApp, startCluster, startOwnKafka, TEST_REDIS_URL } from '@qr/testing';
import { benchScanEvent } from './bench-events';
import { type BenchRow, fmt } from './bench-report';
import { cpuSecondsOf, postgresCpuSeconds, residentMegabytes } from './process-cpu';
import { median, percentile } from './stats';

const PROJECTION_GROUP = 'analytics-service.projection';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/**
 * Analytics ingest through Kafka by real analytics-service processes: one replica, then two (a consumer
 * group spread over them by Kafka), on a broker of the bench's own and PostgreSQL, all on this machine.
 * For each run the replicas are joined and caught up, then paused (SIGSTOP) while `total` scan events over
 * 240 codes are produced to the topic, then resumed together: the rate is the events over the time until
 * the projection has applied all of them (its `processed_events`). The one-replica row's baseline is the
 * projection applied directly in this process, no log; the two-replica row's is the one-replica figure.
 */
export async function benchKafkaConsumers(total = 20_000, runs = 3): Promise<BenchRow[]> {
  const pg = await createTestPostgres('bench_consumers');
  const kafka = await startOwnKafka();
  const env = {
    DATABASE_URL: pg.url,
    KAFKA_BROKERS: kafka.brokers,
    KAFKA_PREFIX: 'bench.',
    KAFKA_SESSION_TIMEOUT: '30s',
    INTERNAL_TOKEN: randomBytes(16).toString('hex'),
    SECRETS_KEY: randomBytes(32).toString('base64'),
  };
  const producer = new KafkaEventLog({ brokers: [kafka.brokers], prefix: 'bench.', clientId: 'bench', log: silentLog });
  const db = new Client({ connectionString: pg.url });
  await db.connect();
  const replicas: AppProcess[] = [];
  try {
    await producer.ensureTopics();
    const start = Date.parse('2026-01-01T00:00:00Z');
    let produced = 0;
    const batchOf = () => Array.from({ length: total }, (_, i) => benchScanEvent(produced + i, start + (produced + i) * 1000));
    const direct = await openDatabase({
      name: 'bench_direct',
      storage: { kind: 'postgres', url: pg.url },
      migrations: ANALYTICS_MIGRATIONS,
      runMigrations: true,
    });
    const directEvents = batchOf();
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < directEvents.length; i += 500) await new ScanProjection(direct).apply(directEvents.slice(i, i + 500));
    const directRate = total / (Number(process.hrtime.bigint() - t0) / 1e9);
    await direct.close();

    const applied = async () => Number((await db.query('SELECT COUNT(*)::int AS n FROM analytics.processed_events')).rows[0].n);
    const cpuOf = () => ({
      replicas: replicas.reduce((n, r) => n + cpuSecondsOf(r.child.pid), 0),
      postgres: postgresCpuSeconds(),
      broker: cpuSecondsOf(kafka.pid()),
    });
    const cpuNotes: string[] = [];
    const measure = async (members: number): Promise<number> => {
      while (replicas.length < members) replicas.push(await startApp('analytics-service', env));
      const holding = async () => Promise.all(replicas.map((r) => metricValue(r.url, 'qr_event_consumer_partitions', { group: PROJECTION_GROUP })));
      await until(async () => {
        const held = await holding();
        return held.every((n) => n > 0) && held.reduce((a, b) => a + b, 0) === 12;
      }, 'every replica holding a share of the 12 partitions');
      const rates: number[] = [];
      const cpuSplits: string[] = [];
      for (let run = 0; run < runs; run++) {
        await until(async () => (await metricValue(replicas[0].url, 'qr_event_consumer_lag', { group: PROJECTION_GROUP })) === 0, 'the group caught up');
        const before = await applied();
        const events = batchOf();
        produced += total;
        for (const r of replicas) r.child.kill('SIGSTOP');
        try {
          for (let i = 0; i < events.length; i += 500) {
            await producer.append(events.slice(i, i + 500).map((event) => ({ topic: TOPICS.qrScanned, key: event.qr_id!, event })));
          }
        } finally {
          for (const r of replicas) r.child.kill('SIGCONT');
        }
        const resumed = process.hrtime.bigint();
        const cpu0 = cpuOf();
        await until(async () => (await applied()) >= before + total, `${total} events applied`, 5);
        const seconds = Number(process.hrtime.bigint() - resumed) / 1e9;
        rates.push(total / seconds);
        const cpu1 = cpuOf();
        const per = (a: number, b: number) => (((b - a) * 1e6) / total).toFixed(0);
        cpuSplits.push(
          `replicas ${per(cpu0.replicas, cpu1.replicas)} µs, PostgreSQL ${per(cpu0.postgres, cpu1.postgres)} µs, broker ${per(cpu0.broker, cpu1.broker)} µs per event; ${(((cpu1.replicas - cpu0.replicas + cpu1.postgres - cpu0.postgres + cpu1.broker - cpu0.broker) / seconds) * 100).toFixed(0)} % of a core`,
        );
      }
      cpuNotes.push(`${members} replica${members > 1 ? 's' : ''}: ${cpuSplits[Math.floor(cpuSplits.length / 2)]}`);
      return median(rates);
    };
    const one = await measure(1);
    const two = await measure(2);
    const note = `${total.toLocaleString('en-US')} events over 240 codes produced while the replicas were paused, then applied; median of ${runs}; Kafka ${kafka.version}, the broker, PostgreSQL and the replicas on the same 2 cores`;
    return [
      {
        benchmark: 'Analytics ingest through Kafka, 1 analytics-service replica (PostgreSQL, 12 partitions)',
        figure: fmt.rate(one, 'events'),
        baseline: `the projection applied directly, no log: ${fmt.rate(directRate, 'events')}`,
        ratio: one / directRate,
        note,
      },
      {
        benchmark: 'Analytics ingest through Kafka, 2 analytics-service replicas (one consumer group)',
        figure: fmt.rate(two, 'events'),
        baseline: `1 replica, same run: ${fmt.rate(one, 'events')}`,
        ratio: two / one,
        note: `${note}; CPU (a middle run): ${cpuNotes.join('; ')}; target ≥ 1.6×`,
      },
    ];
  } finally {
    for (const r of replicas) r.child.kill('SIGCONT');
    await Promise.all(replicas.map((r) => r.stop()));
    await producer.close();
    await db.end();
    await kafka.destroy();
    await pg.drop();
  }
}

/**
 * Latency through Kafka in a distributed cluster (every deployable its own process, a broker of the
 * bench's own, all on this machine): scans one at a time on the redirect replica, each timed from the
 * request to the moment its signed webhook arrives at a local receiver, and to the moment the analytics
 * API counts it (polled every 5 ms). The baseline is the scan's 302 alone. The broker's memory and CPU
 * per scan are read around the run.
 */
export async function benchKafkaLatency(samples = 100): Promise<BenchRow[]> {
  const arrivals: number[] = [];
  const receiver: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrivals.push(now());
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
  const pg = await createTestPostgres('bench_latency');
  const kafka = await startOwnKafka();
  const cluster = await startCluster({
    databaseUrl: pg.url,
    redisUrl: TEST_REDIS_URL,
    kafkaBrokers: kafka.brokers,
    env: { WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8' },
  });
  try {
    const api = (path: string) => `${cluster.gateways[0].url}/api/public/v1${path}`;
    const ws = admin(['workspace', 'create', '--name', 'bench', '--plan', 'agency'], { DATABASE_URL: pg.url }).json;
    const key = String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'bench'], { DATABASE_URL: pg.url }).json.secret);
    await call(api('/webhook-endpoints'), { method: 'POST', key, json: { url: hookUrl, events: ['qr.scanned'] } });
    const code = (
      await call<{ id: string; short_code: string }>(api('/qrcodes'), {
        method: 'POST',
        key,
        json: { type: 'website', content: { url: 'https://example.com' } },
      })
    ).body;
    const scanUrl = `${cluster.redirects[0].url}/${code.short_code}`;
    const counted = async () => (await call<{ total_scans: number }>(api(`/qrcodes/${code.id}/analytics`), { key })).body.total_scans;
    // Warm: the first scans pay for the groups' first fetches and JIT.
    for (let i = 0; i < 10; i++) await rawRequest(scanUrl, { headers: { 'user-agent': IPHONE } });
    await until(async () => arrivals.length >= 10 && (await counted()) >= 10, 'the warm-up scans delivered and counted');
    const redirects: number[] = [];
    const toWebhook: number[] = [];
    const toAnalytics: number[] = [];
    const cpuBefore = cpuSecondsOf(kafka.pid());
    for (let i = 0; i < samples; i++) {
      const seen = arrivals.length;
      const countBefore = await counted();
      const t0 = now();
      await rawRequest(scanUrl, { headers: { 'user-agent': IPHONE } });
      redirects.push(now() - t0);
      let webhookAt: number | null = null;
      let analyticsAt: number | null = null;
      const deadline = t0 + 30_000;
      while (webhookAt === null || analyticsAt === null) {
        if (now() > deadline) throw new Error('a scan did not reach the webhook or analytics within 30 s');
        if (webhookAt === null && arrivals.length > seen) webhookAt = arrivals[seen];
        if (analyticsAt === null && (await counted()) > countBefore) analyticsAt = now();
        await new Promise((r) => setTimeout(r, 5));
      }
      toWebhook.push(webhookAt - t0);
      toAnalytics.push(analyticsAt - t0);
      await new Promise((r) => setTimeout(r, 20));
    }
    const brokerUs = ((cpuSecondsOf(kafka.pid()) - cpuBefore) * 1e6) / samples;
    const brokerMb = residentMegabytes(kafka.pid());
    const baseline = `the scan's 302 alone: p50 ${fmt.ms(percentile(redirects, 50))}`;
    const note = `${samples} scans one at a time, 20 ms apart, on one redirect replica; Kafka ${kafka.version} on the same machine (resident ${brokerMb.toFixed(0)} MB; ${brokerUs.toFixed(0)} µs of broker CPU per scan at this rate, idle time included)`;
    return [
      {
        benchmark: 'Webhooks: scan → signed delivery received (distributed, through Kafka)',
        figure: `p50 ${fmt.ms(percentile(toWebhook, 50))}, p99 ${fmt.ms(percentile(toWebhook, 99))}`,
        baseline,
        ratio: null,
        note: `${note}; target p50 under 200 ms`,
      },
      {
        benchmark: 'Analytics freshness: scan → counted by the analytics API (distributed, through Kafka)',
        figure: `p50 ${fmt.ms(percentile(toAnalytics, 50))}, p99 ${fmt.ms(percentile(toAnalytics, 99))}`,
        baseline,
        ratio: null,
        note: `${note}; polled every 5 ms through the gateway; target p99 under 2 s`,
      },
    ];
  } finally {
    await cluster.stop();
    await kafka.destroy();
    await pg.drop();
    await new Promise((r) => receiver.close(r));
  }
}

function now(): number {
  return Number(process.hrtime.bigint() / 1000n) / 1000;
}

async function until(check: () => Promise<boolean>, what: string, everyMs = 50, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`bench: timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
