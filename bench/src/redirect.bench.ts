import { admin, call, createTempDir, createTestPostgres, startApp, startCluster, TEST_REDIS_URL } from '@qr/testing';
import { startBareRedirectServer } from './bare-redirect-server';
import { type BenchRow, fmt } from './bench-report';
import { median } from './stats';
import { type LoadResult, wrk } from './wrk';

const RUNS = 3;
const WARM_UP_SECONDS = 3;

/**
 * Redirect throughput and latency at 50 connections (wrk), against a bare node:http 302 server in the
 * same run. Ours records every scan durably (committed before the 302) with group commit.
 */
export async function benchRedirect(): Promise<BenchRow[]> {
  const bare = await startBareRedirectServer();
  const dir = createTempDir('bench-redirect');
  const server = await startApp('all-in-one', { DATA_DIR: dir.path });
  try {
    const ws = admin(['workspace', 'create', '--name', 'bench', '--plan', 'agency'], { DATA_DIR: dir.path }).json;
    const key = String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'bench'], { DATA_DIR: dir.path }).json.secret);
    const make = async (extra: Record<string, unknown>) =>
      (await call<{ short_code: string }>(`${server.url}/api/public/v1/qrcodes`, { method: 'POST', key, json: { type: 'website', content: { url: 'https://example.com/landing' }, ...extra } })).body.short_code;
    const plain = await make({});
    const limited = await make({ scan_limit: 1_000_000_000 });
    const baseline: LoadResult[] = [];
    const ours: LoadResult[] = [];
    const hot: LoadResult[] = [];
    const drains: number[] = [];
    await warmUp(bare.url);
    await warmUp(`${server.url}/${plain}`);
    await warmUp(`${server.url}/${limited}`);
    await caughtUp(server.url);
    // Every run starts with the background caught up (it yields the CPU under load and catches up
    // after): the bare server is never measured while our relays and consumers still work.
    for (let i = 0; i < RUNS; i++) {
      baseline.push(await wrk(bare.url));
      ours.push(await wrk(`${server.url}/${plain}`));
      drains.push(await caughtUp(server.url));
      hot.push(await wrk(`${server.url}/${limited}`));
      drains.push(await caughtUp(server.url));
    }
    const base = summarize(baseline);
    const distributed = await benchDistributedRedirect(bare.url);
    const drained = `; the background caught up ${fmt.ms(median(drains))} after a run (median)`;
    return [
      row('Redirect, all-in-one (SQLite, durable scan per 302)', summarize(ours), base, drained),
      row('Redirect, one hot code with a scan limit (all-in-one)', summarize(hot), base, drained),
      row('Redirect, distributed redirect-service (PostgreSQL + Redis, one process)', summarize(distributed.ours), summarize(distributed.baseline)),
    ];
  } finally {
    await server.stop();
    await bare.close();
    dir.remove();
  }
}

/** A separate redirect-service process on PostgreSQL, the code created through the gateway. */
async function benchDistributedRedirect(bareUrl: string): Promise<{ ours: LoadResult[]; baseline: LoadResult[] }> {
  const pg = await createTestPostgres('bench');
  const cluster = await startCluster({ databaseUrl: pg.url, redisUrl: TEST_REDIS_URL });
  try {
    const ws = admin(['workspace', 'create', '--name', 'bench', '--plan', 'agency'], { DATABASE_URL: pg.url }).json;
    const key = String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'bench'], { DATABASE_URL: pg.url }).json.secret);
    const code = (await call<{ short_code: string }>(`${cluster.gateways[0].url}/api/public/v1/qrcodes`, { method: 'POST', key, json: { type: 'website', content: { url: 'https://example.com/landing' } } })).body.short_code;
    const ours: LoadResult[] = [];
    const baseline: LoadResult[] = [];
    await warmUp(`${cluster.redirects[0].url}/${code}`);
    for (let i = 0; i < RUNS; i++) {
      baseline.push(await wrk(bareUrl));
      ours.push(await wrk(`${cluster.redirects[0].url}/${code}`));
    }
    return { ours, baseline };
  } finally {
    await cluster.stop();
    await pg.drop();
  }
}

/**
 * One unmeasured run per target before the measured ones: the first seconds of a fresh process pay
 * for JIT compilation and, on our side, for growing new SQLite and write-ahead log files, and its
 * p99 was several times the later runs' (docs/benchmarks.md).
 */
async function warmUp(url: string): Promise<void> {
  await wrk(url, { seconds: WARM_UP_SECONDS });
}

function summarize(results: LoadResult[]) {
  return {
    rps: median(results.map((r) => r.requestsPerSecond)),
    p50: median(results.map((r) => r.p50Ms)),
    p99: median(results.map((r) => r.p99Ms)),
    errors: results.reduce((n, r) => n + r.non2xx3xx, 0),
  };
}

/**
 * Waits until every outbox is relayed and every consumer group has handled everything (the process's
 * /metrics), and returns how long that took.
 */
async function caughtUp(baseUrl: string, timeoutMs = 120_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    const text = await (await fetch(`${baseUrl}/metrics`)).text();
    const backlog = text.split('\n').filter((l) => /^(qr_event_consumer_lag|qr_outbox_pending)\{/.test(l));
    if (backlog.length && backlog.every((l) => / 0$/.test(l))) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`the background did not catch up within ${timeoutMs} ms:\n${backlog.join('\n')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function row(name: string, ours: ReturnType<typeof summarize>, base: ReturnType<typeof summarize>, extraNote = ''): BenchRow {
  return {
    benchmark: name,
    figure: `${fmt.rate(ours.rps, 'req')}; p50 ${fmt.ms(ours.p50)}, p99 ${fmt.ms(ours.p99)}`,
    baseline: `bare node:http 302: ${fmt.rate(base.rps, 'req')}; p99 ${fmt.ms(base.p99)}`,
    ratio: ours.rps / base.rps,
    note: `wrk 50 connections, median of ${RUNS} × 8 s after a ${WARM_UP_SECONDS} s warm-up${ours.errors ? `; ${ours.errors} non-3xx` : ''}${extraNote}`,
  };
}
