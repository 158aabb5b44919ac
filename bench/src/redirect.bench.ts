import { admin, call, createTempDir, createTestPostgres, startApp, startCluster, TEST_REDIS_URL } from '@qr/testing';
import { startBareRedirectServer } from './bare-redirect-server';
import { type BenchRow, fmt } from './bench-report';
import { cpuSecondsOf, postgresCpuSeconds } from './process-cpu';
import { median } from './stats';
import { type LoadResult, wrk } from './wrk';

const RUNS = 3;
const WARM_UP_SECONDS = 3;
/** wrk's default run length (wrk.ts). */
const RUN_SECONDS = 8;

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
    const cpu = (c: CpuPerScan) => `; CPU per scan: redirect-service ${c.replicaUs.toFixed(0)} µs, PostgreSQL ${c.postgresUs.toFixed(0)} µs, the other services ${c.othersUs.toFixed(0)} µs (medians)`;
    return [
      row('Redirect, all-in-one (SQLite, durable scan per 302)', summarize(ours), base, drained),
      row('Redirect, one hot code with a scan limit (all-in-one)', summarize(hot), base, drained),
      row('Redirect, distributed redirect-service (PostgreSQL + Redis, one replica)', summarize(distributed.ours), summarize(distributed.baseline), cpu(distributed.oursCpu)),
      row('Redirect, one hot code with a scan limit (distributed, one replica)', summarize(distributed.hot), summarize(distributed.baseline), cpu(distributed.hotCpu)),
    ];
  } finally {
    await server.stop();
    await bare.close();
    dir.remove();
  }
}

interface CpuPerScan {
  replicaUs: number;
  postgresUs: number;
  othersUs: number;
}

/**
 * One redirect-service replica on PostgreSQL and Redis, the codes created through the gateway, the
 * whole cluster running (its consumers take their share of the machine and of PostgreSQL during the
 * run, as they would on shared nodes). CPU is read from /proc around each run: the replica's process,
 * every PostgreSQL process, and the other services together, each divided by the scans of the run.
 */
async function benchDistributedRedirect(bareUrl: string): Promise<{ ours: LoadResult[]; hot: LoadResult[]; baseline: LoadResult[]; oursCpu: CpuPerScan; hotCpu: CpuPerScan }> {
  const pg = await createTestPostgres('bench');
  const cluster = await startCluster({ databaseUrl: pg.url, redisUrl: TEST_REDIS_URL });
  try {
    const ws = admin(['workspace', 'create', '--name', 'bench', '--plan', 'agency'], { DATABASE_URL: pg.url }).json;
    const key = String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'bench'], { DATABASE_URL: pg.url }).json.secret);
    const make = async (extra: Record<string, unknown>) =>
      (await call<{ short_code: string }>(`${cluster.gateways[0].url}/api/public/v1/qrcodes`, { method: 'POST', key, json: { type: 'website', content: { url: 'https://example.com/landing' }, ...extra } })).body
        .short_code;
    const plain = await make({});
    const limited = await make({ scan_limit: 1_000_000_000 });
    const replica = cluster.redirects[0];
    const others = () => cluster.all().filter((a) => a !== replica);
    const measured = async (url: string, into: LoadResult[], cpu: CpuPerScan[]) => {
      const before = { replica: cpuSecondsOf(replica.child.pid), postgres: postgresCpuSeconds(), others: sum(others().map((a) => cpuSecondsOf(a.child.pid))) };
      const result = await wrk(url);
      const scans = result.requestsPerSecond * RUN_SECONDS;
      const perScan = (seconds: number) => (seconds * 1e6) / scans;
      into.push(result);
      cpu.push({
        replicaUs: perScan(cpuSecondsOf(replica.child.pid) - before.replica),
        postgresUs: perScan(postgresCpuSeconds() - before.postgres),
        othersUs: perScan(sum(others().map((a) => cpuSecondsOf(a.child.pid))) - before.others),
      });
    };
    const ours: LoadResult[] = [];
    const hot: LoadResult[] = [];
    const baseline: LoadResult[] = [];
    const oursCpu: CpuPerScan[] = [];
    const hotCpu: CpuPerScan[] = [];
    await warmUp(`${replica.url}/${plain}`);
    await warmUp(`${replica.url}/${limited}`);
    for (let i = 0; i < RUNS; i++) {
      baseline.push(await wrk(bareUrl));
      await measured(`${replica.url}/${plain}`, ours, oursCpu);
      await measured(`${replica.url}/${limited}`, hot, hotCpu);
    }
    return { ours, hot, baseline, oursCpu: medianCpu(oursCpu), hotCpu: medianCpu(hotCpu) };
  } finally {
    await cluster.stop();
    await pg.drop();
  }
}

function medianCpu(runs: CpuPerScan[]): CpuPerScan {
  return { replicaUs: median(runs.map((r) => r.replicaUs)), postgresUs: median(runs.map((r) => r.postgresUs)), othersUs: median(runs.map((r) => r.othersUs)) };
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

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
