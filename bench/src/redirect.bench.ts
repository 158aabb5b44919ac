import { admin, call, createTempDir, createTestPostgres, startApp, startCluster, startOwnKafka, TEST_REDIS_URL } from '@qr/testing';
import { caughtUp, redirectBenchCodes } from './all-in-one-redirect-codes';
import { startBareRedirectServer } from './bare-redirect-server';
import { type BenchRow, fmt } from './bench-report';
import { cpuSecondsOf, postgresCpuSeconds, residentMegabytes } from './process-cpu';
import { median } from './stats';
import { type LoadResult, wrk } from './wrk';

/**
 * Runs per target, each against the bare server of its round. Five rather than three: on this shared
 * 2-core machine one replica's ratio moved between 0.32× and 0.45× from one 8 s run to the next, and a
 * median of three still moved by a tenth between bench runs (docs/benchmarks.md, "What we tried").
 */
const RUNS = 5;
const WARM_UP_SECONDS = 3;
/** wrk's default run length (wrk.ts). */
const RUN_SECONDS = 8;

/**
 * How often the distributed runs ask each service for its lag: every ask counts each group's backlog in
 * PostgreSQL, and asking four services every 50 ms slowed a 95,000-scan catch-up from 9.8 to 13.6 s.
 */
const CLUSTER_LAG_POLL_MS = 250;

/**
 * Redirect throughput and latency at 50 connections (wrk), against a bare node:http 302 server in the
 * same run. Ours records every scan durably (committed before the 302) with group commit.
 */
export async function benchRedirect(): Promise<BenchRow[]> {
  const bare = await startBareRedirectServer();
  const plain = await startBareRedirectServer('plain');
  try {
    // One deployment at a time: an idle all-in-one alone took 8 % off the bare server's figure.
    const aio = await benchAllInOne(bare.url);
    const d = await benchDistributedRedirect(bare.url, plain.url);
    const base = summarize(aio.baseline);
    const dBase = summarize(d.baseline);
    const dPlain = summarize(d.plainBaseline);
    const drained = `; the background caught up ${fmt.ms(median(aio.drains))} after a run (median)`;
    const cpu = (c: CpuPerScan, withOthers: boolean) =>
      `; CPU per scan: redirect-service ${c.replicaUs.toFixed(0)} µs, PostgreSQL ${c.postgresUs.toFixed(0)} µs, Kafka broker ${c.brokerUs.toFixed(0)} µs${withOthers ? `, the other services ${c.othersUs.toFixed(0)} µs` : ''} (medians)`;
    const c = d.paused.catchUp;
    const caught = `; the other services caught up ${fmt.ms(c.ms)} after a run, using ${c.othersUs.toFixed(0)} µs per scan, PostgreSQL ${c.postgresUs.toFixed(0)} µs and the broker ${c.brokerUs.toFixed(0)} µs more (medians)`;
    const versus = (ours: ReturnType<typeof summarize>) =>
      `; against the bare server with our headers (${fmt.rate(dBase.rps, 'req')}): ${(ours.rps / dBase.rps).toFixed(2)}×`;
    const dNote = `; the bare servers ran with the cluster's processes paused; Kafka ${d.kafkaVersion} on the same machine (broker resident ${d.brokerMb.toFixed(0)} MB at the end)`;
    return [
      row('Redirect, all-in-one (SQLite, durable scan per 302)', summarize(aio.ours), base, drained),
      row('Redirect, one hot code with a scan limit (all-in-one)', summarize(aio.hot), base, drained),
      row(
        'Redirect, distributed redirect-service (PostgreSQL + Redis + Kafka, one replica; other services paused during the run)',
        summarize(d.paused.ours),
        dPlain,
        cpu(d.paused.oursCpu, false) + caught + versus(summarize(d.paused.ours)) + dNote,
        PLAIN,
      ),
      row(
        'Redirect, one hot code with a scan limit (distributed, one replica; other services paused during the run)',
        summarize(d.paused.hot),
        dPlain,
        cpu(d.paused.hotCpu, false) + caught + versus(summarize(d.paused.hot)) + dNote,
        PLAIN,
      ),
      row(
        'Redirect, distributed redirect-service (one replica; the whole cluster and the broker running on the same 2 cores)',
        summarize(d.shared.ours),
        dPlain,
        cpu(d.shared.oursCpu, true) + versus(summarize(d.shared.ours)) + dNote,
        PLAIN,
      ),
      row(
        'Redirect, one hot code with a scan limit (distributed, one replica; the whole cluster and the broker running)',
        summarize(d.shared.hot),
        dPlain,
        cpu(d.shared.hotCpu, true) + versus(summarize(d.shared.hot)) + dNote,
        PLAIN,
      ),
    ];
  } finally {
    await bare.close();
    await plain.close();
  }
}

/** The distributed rows' baseline: a 302 with only Location, Content-Length and Cache-Control. */
const PLAIN = 'bare node:http 302 (Location, Content-Length, Cache-Control only)';

async function benchAllInOne(bareUrl: string): Promise<{ baseline: LoadResult[]; ours: LoadResult[]; hot: LoadResult[]; drains: number[] }> {
  const dir = createTempDir('bench-redirect');
  const server = await startApp('all-in-one', { DATA_DIR: dir.path });
  try {
    const { plain, limited } = await redirectBenchCodes(server.url, { DATA_DIR: dir.path });
    const baseline: LoadResult[] = [];
    const ours: LoadResult[] = [];
    const hot: LoadResult[] = [];
    const drains: number[] = [];
    await warmUp(bareUrl);
    await warmUp(`${server.url}/${plain}`);
    await warmUp(`${server.url}/${limited}`);
    await caughtUp(server.url);
    // Every run starts with the background caught up (it yields the CPU under load and catches up
    // after): the bare server is never measured while our relays and consumers still work.
    for (let i = 0; i < RUNS; i++) {
      baseline.push(await wrk(bareUrl));
      ours.push(await wrk(`${server.url}/${plain}`));
      drains.push(await caughtUp(server.url));
      hot.push(await wrk(`${server.url}/${limited}`));
      drains.push(await caughtUp(server.url));
    }
    return { baseline, ours, hot, drains };
  } finally {
    await server.stop();
    dir.remove();
  }
}

interface CpuPerScan {
  replicaUs: number;
  postgresUs: number;
  brokerUs: number;
  othersUs: number;
}

interface Distributed {
  baseline: LoadResult[];
  plainBaseline: LoadResult[];
  kafkaVersion: string;
  brokerMb: number;
  /** Every other service paused (SIGSTOP) for the run and resumed after it, as all-in-one's background yields under load. */
  paused: { ours: LoadResult[]; hot: LoadResult[]; oursCpu: CpuPerScan; hotCpu: CpuPerScan; catchUp: CatchUp };
  /** The whole cluster running on the same cores during the run. */
  shared: { ours: LoadResult[]; hot: LoadResult[]; oursCpu: CpuPerScan; hotCpu: CpuPerScan };
}

/** After a paused run: how long the other services took to catch up, and what it cost them and PostgreSQL per scan. */
interface CatchUp {
  ms: number;
  othersUs: number;
  postgresUs: number;
  brokerUs: number;
}

/**
 * One redirect-service replica on PostgreSQL, Redis and a Kafka broker of the bench's own on this
 * machine, the codes created through the gateway. Each target runs twice: once with every other service
 * paused for the run (their consumers catch up after it, measured, as all-in-one's background does; in a
 * deployment they run on other nodes, and PostgreSQL and Kafka on their own), and once with the whole
 * cluster taking its share of these cores during the run. The broker is never paused: the replica's relay
 * sends its scans to it during the run. CPU is read from /proc around each run: the replica's process,
 * every PostgreSQL process, the broker, and the other services together, each divided by the scans.
 */
async function benchDistributedRedirect(bareUrl: string, plainUrl: string): Promise<Distributed> {
  const pg = await createTestPostgres('bench');
  const kafka = await startOwnKafka();
  // Sessions outlast a paused run (8 s) with room: a member stopped for a run is not dropped from its group.
  const cluster = await startCluster({ databaseUrl: pg.url, redisUrl: TEST_REDIS_URL, kafkaBrokers: kafka.brokers, env: { KAFKA_SESSION_TIMEOUT: '30s' } });
  try {
    const ws = admin(['workspace', 'create', '--name', 'bench', '--plan', 'agency'], { DATABASE_URL: pg.url }).json;
    const key = String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'bench'], { DATABASE_URL: pg.url }).json.secret);
    const make = async (extra: Record<string, unknown>) =>
      (
        await call<{ short_code: string }>(`${cluster.gateways[0].url}/api/public/v1/qrcodes`, {
          method: 'POST',
          key,
          json: { type: 'website', content: { url: 'https://example.com/landing' }, ...extra },
        })
      ).body.short_code;
    const plain = await make({});
    const limited = await make({ scan_limit: 1_000_000_000 });
    const replica = cluster.redirects[0];
    const others = cluster.all().filter((a) => a !== replica);
    const othersCpu = () => sum(others.map((a) => cpuSecondsOf(a.child.pid)));
    const signal = (s: NodeJS.Signals) => others.forEach((a) => a.child.kill(s));
    const withConsumers = [cluster.qr, cluster.analytics, cluster.webhooks, replica];
    const catchUps: CatchUp[] = [];
    const measured = async (url: string, into: LoadResult[], cpu: CpuPerScan[], paused: boolean) => {
      if (paused) signal('SIGSTOP');
      const before = { replica: cpuSecondsOf(replica.child.pid), postgres: postgresCpuSeconds(), broker: cpuSecondsOf(kafka.pid()), others: othersCpu() };
      let result: LoadResult;
      try {
        result = await wrk(url);
      } finally {
        if (paused) signal('SIGCONT');
      }
      const scans = result.requestsPerSecond * RUN_SECONDS;
      const perScan = (seconds: number) => (seconds * 1e6) / scans;
      const after = { replica: cpuSecondsOf(replica.child.pid), postgres: postgresCpuSeconds(), broker: cpuSecondsOf(kafka.pid()), others: othersCpu() };
      into.push(result);
      cpu.push({
        replicaUs: perScan(after.replica - before.replica),
        postgresUs: perScan(after.postgres - before.postgres),
        brokerUs: perScan(after.broker - before.broker),
        othersUs: perScan(after.others - before.others),
      });
      // Whatever the mode, the next run (the bare server's too) starts with the backlog gone.
      const ms = Math.max(...(await Promise.all(withConsumers.map((a) => caughtUp(a.url, CLUSTER_LAG_POLL_MS)))));
      if (paused)
        catchUps.push({
          ms,
          othersUs: perScan(othersCpu() - after.others),
          postgresUs: perScan(postgresCpuSeconds() - after.postgres),
          brokerUs: perScan(cpuSecondsOf(kafka.pid()) - after.broker),
        });
    };
    const collected = () => ({ ours: [] as LoadResult[], hot: [] as LoadResult[], oursCpu: [] as CpuPerScan[], hotCpu: [] as CpuPerScan[] });
    const runs = { paused: collected(), shared: collected() };
    const baseline: LoadResult[] = [];
    const plainBaseline: LoadResult[] = [];
    await warmUp(plainUrl);
    await warmUp(`${replica.url}/${plain}`);
    await warmUp(`${replica.url}/${limited}`);
    await Promise.all(withConsumers.map((a) => caughtUp(a.url, CLUSTER_LAG_POLL_MS)));
    for (let i = 0; i < RUNS; i++) {
      // The bare servers run with every process of the cluster paused: an idle cluster still took 15 %
      // off the figure (heartbeats, polls), which would flatter our ratio. An idle broker is left running.
      for (const a of cluster.all()) a.child.kill('SIGSTOP');
      try {
        baseline.push(await wrk(bareUrl));
      } finally {
        for (const a of cluster.all()) a.child.kill('SIGCONT');
      }
      await new Promise((r) => setTimeout(r, 1000));
      for (const a of cluster.all()) a.child.kill('SIGSTOP');
      try {
        plainBaseline.push(await wrk(plainUrl));
      } finally {
        for (const a of cluster.all()) a.child.kill('SIGCONT');
      }
      // A moment for the members' overdue heartbeats before the next pause.
      await new Promise((r) => setTimeout(r, 1000));
      for (const mode of ['paused', 'shared'] as const) {
        const r = runs[mode];
        await measured(`${replica.url}/${plain}`, r.ours, r.oursCpu, mode === 'paused');
        await measured(`${replica.url}/${limited}`, r.hot, r.hotCpu, mode === 'paused');
      }
    }
    const done = (r: ReturnType<typeof collected>) => ({ ours: r.ours, hot: r.hot, oursCpu: medianCpu(r.oursCpu), hotCpu: medianCpu(r.hotCpu) });
    return {
      baseline,
      plainBaseline,
      kafkaVersion: kafka.version,
      brokerMb: residentMegabytes(kafka.pid()),
      paused: {
        ...done(runs.paused),
        catchUp: {
          ms: median(catchUps.map((c) => c.ms)),
          othersUs: median(catchUps.map((c) => c.othersUs)),
          postgresUs: median(catchUps.map((c) => c.postgresUs)),
          brokerUs: median(catchUps.map((c) => c.brokerUs)),
        },
      },
      shared: done(runs.shared),
    };
  } finally {
    for (const a of cluster.all()) a.child.kill('SIGCONT');
    await cluster.stop();
    await kafka.destroy();
    await pg.drop();
  }
}

function medianCpu(runs: CpuPerScan[]): CpuPerScan {
  return {
    replicaUs: median(runs.map((r) => r.replicaUs)),
    postgresUs: median(runs.map((r) => r.postgresUs)),
    brokerUs: median(runs.map((r) => r.brokerUs)),
    othersUs: median(runs.map((r) => r.othersUs)),
  };
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

function row(
  name: string,
  ours: ReturnType<typeof summarize>,
  base: ReturnType<typeof summarize>,
  extraNote = '',
  baselineName = 'bare node:http 302',
): BenchRow {
  return {
    benchmark: name,
    figure: `${fmt.rate(ours.rps, 'req')}; p50 ${fmt.ms(ours.p50)}, p99 ${fmt.ms(ours.p99)}`,
    baseline: `${baselineName}: ${fmt.rate(base.rps, 'req')}; p99 ${fmt.ms(base.p99)}`,
    ratio: ours.rps / base.rps,
    note: `wrk 50 connections, median of ${RUNS} × 8 s after a ${WARM_UP_SECONDS} s warm-up${ours.errors ? `; ${ours.errors} non-3xx` : ''}${extraNote}`,
  };
}
