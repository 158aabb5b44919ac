import { Agent, request } from 'node:http';
import { admin, call, createTempDir, createTestPostgres, freePort, startApp, startCluster, startOwnKafka, TEST_REDIS_URL } from '@qr/testing';
import { startBareServer } from './bare-redirect-server';
import { type BenchRow, fmt } from './bench-report';
import { median, percentile } from './stats';

const WORKSPACES = 24;
/** The agency plan allows 100 requests a second per key; each key is held a little under it. */
const PER_KEY_RATE = 90;
const CONCURRENCY_PER_KEY = 2;
const SECONDS = 8;
const RUNS = 3;

interface Load {
  rps: number;
  p50: number;
  p99: number;
  refused: number;
}

type Call = (key: string, i: number) => { method: string; path: string; body?: string };

/**
 * Sustained load on the public API: creates, lists and analytics reads, each from 24 workspaces at
 * once, every key paced just under its plan's rate limit (agency, 100 a second), so what limits the
 * figure is the server and not the 429s. Offered load is 24 × 90 = 2,160 requests a second, more
 * than the server answers, so the figure is what it sustains. All-in-one, then distributed (one
 * gateway, qr-service, analytics-service… as processes on PostgreSQL, Redis and Kafka, all on this
 * machine). The baseline is a bare node:http server in its own process answering the same bytes as
 * ours without doing anything, driven by the same client in the same way: what HTTP alone costs here.
 */
export async function benchApiLoad(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const dir = createTempDir('bench-api');
  const port = await freePort();
  const server = await startApp('all-in-one', { DATA_DIR: dir.path, PORT: String(port) });
  try {
    rows.push(...(await loadCases('all-in-one', server.url, { DATA_DIR: dir.path }, 'client and server on the same 2 cores')));
  } finally {
    await server.stop();
    dir.remove();
  }
  const pg = await createTestPostgres('bench_api');
  const kafka = await startOwnKafka();
  const cluster = await startCluster({ databaseUrl: pg.url, redisUrl: TEST_REDIS_URL, kafkaBrokers: kafka.brokers });
  try {
    rows.push(
      ...(await loadCases(
        'distributed, one gateway',
        cluster.gateways[0].url,
        { DATABASE_URL: pg.url },
        'the client, every deployable, PostgreSQL, Redis and the Kafka broker on the same 2 cores',
      )),
    );
  } finally {
    await cluster.stop();
    await kafka.destroy();
    await pg.drop();
  }
  return rows;
}

async function loadCases(mode: string, base: string, env: Record<string, string>, where: string): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const tenants: Array<{ key: string; code: string }> = [];
  for (let w = 0; w < WORKSPACES; w++) {
    const ws = admin(['workspace', 'create', '--name', `Load ${w}`, '--plan', 'agency'], env).json;
    const key = String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'load', '--role', 'owner'], env).json.secret);
    const code = await call<{ id: string }>(`${base}/api/public/v1/qrcodes`, {
      method: 'POST',
      key,
      json: { type: 'website', content: { url: 'https://example.com/l' } },
    });
    tenants.push({ key, code: code.body.id });
  }
  const keys = tenants.map((t) => t.key);
  const codeOf = new Map(tenants.map((t) => [t.key, t.code]));
  const cases: Array<[string, Call]> = [
    [
      'create (POST /qrcodes, a static text code)',
      (_key, i) => ({
        method: 'POST',
        path: '/api/public/v1/qrcodes',
        body: JSON.stringify({ type: 'text', category: 'static', content: { text: `load ${i}` } }),
      }),
    ],
    ['list (GET /qrcodes, a page of 20)', () => ({ method: 'GET', path: '/api/public/v1/qrcodes?limit=20' })],
    ['analytics (GET /qrcodes/{id}/analytics, 30 days)', (key) => ({ method: 'GET', path: `/api/public/v1/qrcodes/${codeOf.get(key)}/analytics` })],
  ];
  for (const [name, make] of cases) {
    // The baseline answers what ours answered to one such request, byte for byte.
    const sample = make(keys[0], -1);
    const answer = await fetch(`${base}${sample.path}`, {
      method: sample.method,
      headers: { authorization: `Bearer ${keys[0]}`, 'content-type': 'application/json' },
      body: sample.body,
    });
    const bare = await startBareJsonServer(answer.status, await answer.text());
    try {
      const ours: Load[] = [];
      const baseline: Load[] = [];
      await drive(base, keys, make, 2); // warm-up
      for (let r = 0; r < RUNS; r++) {
        ours.push(await drive(base, keys, make, SECONDS));
        baseline.push(await drive(bare.url, keys, make, SECONDS));
      }
      const m = (xs: Load[], f: keyof Load) => median(xs.map((x) => x[f]));
      const offered = WORKSPACES * PER_KEY_RATE;
      const paced =
        m(baseline, 'rps') >= 0.97 * offered
          ? `; the bare server answered all ${offered.toLocaleString('en-US')} offered a second, so its figure is the client's pace`
          : '';
      rows.push({
        benchmark: `API load, ${mode}: ${name}`,
        figure: `${fmt.rate(m(ours, 'rps'), 'req')}, p50 ${fmt.ms(m(ours, 'p50'))}, p99 ${fmt.ms(m(ours, 'p99'))}`,
        baseline: `bare node:http, same answer: ${fmt.rate(m(baseline, 'rps'), 'req')}, p99 ${fmt.ms(m(baseline, 'p99'))}`,
        ratio: m(ours, 'rps') / m(baseline, 'rps'),
        note: `${WORKSPACES} workspaces (agency), each key paced at ${PER_KEY_RATE}/s with ${CONCURRENCY_PER_KEY} connections; median of ${RUNS} runs of ${SECONDS} s; ${m(ours, 'refused')} answers 429 (rate limit)${paced}; ${where}`,
      });
    } finally {
      await bare.close();
    }
  }
  return rows;
}

/** Every key's requests go out paced at PER_KEY_RATE, over CONCURRENCY_PER_KEY kept-alive connections, for `seconds`. */
async function drive(base: string, keys: string[], make: Call, seconds: number): Promise<Load> {
  const agent = new Agent({ keepAlive: true, maxSockets: keys.length * CONCURRENCY_PER_KEY });
  const latencies: number[] = [];
  let refused = 0;
  let counter = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  const workers = keys.flatMap((key) => {
    let next = 0;
    return Array.from({ length: CONCURRENCY_PER_KEY }, async () => {
      for (;;) {
        const due = started + (next++ * 1000) / PER_KEY_RATE;
        const now = performance.now();
        if (due > end || now > end) return;
        if (due > now) await new Promise((r) => setTimeout(r, due - now));
        const req = make(key, counter++);
        const t0 = performance.now();
        const status = await send(agent, `${base}${req.path}`, req.method, key, req.body);
        latencies.push(performance.now() - t0);
        if (status === 429) refused += 1;
        else if (status >= 400) throw new Error(`the load answered ${status} to ${req.method} ${req.path}`);
      }
    });
  });
  await Promise.all(workers);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return { rps: latencies.length / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), refused };
}

function send(agent: Agent, url: string, method: string, key: string, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { authorization: `Bearer ${key}` };
    if (body) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
    const req = request(url, { method, headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The baseline in a process of its own (as the redirect bench's): the same status and body for every request. */
async function startBareJsonServer(status: number, body: string): Promise<{ url: string; close(): Promise<void> }> {
  const script = `
const body = Buffer.from(${JSON.stringify(body)});
const server = require('node:http').createServer((req, res) => {
  req.resume();
  req.on('end', () => { res.writeHead(${status}, ['Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(body.length)]); res.end(body); });
});
server.keepAliveTimeout = 5000;
server.listen(0, '127.0.0.1', () => console.log(String(server.address().port)));
process.stdin.on('end', () => process.exit(0)).resume();
`;
  return startBareServer(script);
}
