import { Agent, createServer, request, type Server } from 'node:http';
import { admin, call, createTempDir, rawRequest, startApp } from '@qr/testing';
import { type BenchRow, fmt } from './bench-report';
import { percentile } from './stats';

/**
 * Scan-to-delivery latency (60 scans one at a time) and sustained deliveries per second (3,000 scans
 * fired at once) to a local receiver in all-in-one. Baseline: plain POSTs from this process to the same
 * receiver, at the same concurrency as the dispatcher uses per endpoint.
 */
export async function benchWebhooks(): Promise<BenchRow[]> {
  const arrivals: number[] = [];
  // While `held` is set the receiver keeps its answers back: the dispatcher's backlog then builds up in
  // the database (16 in flight, the rest pending), and releasing it measures how fast that drains.
  let held: Array<() => void> | null = null;
  const receiver: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrivals.push(Number(process.hrtime.bigint() / 1000n) / 1000);
      const answer = () => res.writeHead(204).end();
      if (held) held.push(answer);
      else answer();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
  const dir = createTempDir('bench-hooks');
  const server = await startApp('all-in-one', { DATA_DIR: dir.path, WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8' });
  try {
    const ws = admin(['workspace', 'create', '--name', 'w', '--plan', 'agency'], { DATA_DIR: dir.path }).json;
    const key = String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'w'], { DATA_DIR: dir.path }).json.secret);
    await call(`${server.url}/api/public/v1/webhook-endpoints`, { method: 'POST', key, json: { url: hookUrl, events: ['qr.scanned'] } });
    const code = (
      await call<{ short_code: string }>(`${server.url}/api/public/v1/qrcodes`, {
        method: 'POST',
        key,
        json: { type: 'website', content: { url: 'https://example.com' } },
      })
    ).body;
    const scanUrl = `${server.url}/${code.short_code}`;
    const latencies: number[] = [];
    for (let i = 0; i < 60; i++) {
      const before = arrivals.length;
      const t0 = Number(process.hrtime.bigint() / 1000n) / 1000;
      await rawRequest(scanUrl);
      while (arrivals.length === before) await new Promise((r) => setImmediate(r));
      latencies.push(arrivals[before] - t0);
    }
    const burst = 3000;
    const startCount = arrivals.length;
    held = [];
    for (let i = 0; i < burst; i += 100) await Promise.all(Array.from({ length: 100 }, () => rawRequest(scanUrl)));
    const released = Number(process.hrtime.bigint() / 1000n) / 1000;
    const waiting = held;
    held = null;
    waiting.forEach((answer) => answer());
    while (arrivals.length < startCount + burst) await new Promise((r) => setTimeout(r, 5));
    // Deliveries that arrived after the release (the ones held in flight had arrived before it).
    const drained = arrivals.length - startCount - waiting.length;
    const rate = drained / ((arrivals[arrivals.length - 1] - released) / 1000);
    const base = await plainPostRate(hookUrl, 3000, 16);
    const p50 = percentile(latencies, 50);
    return [
      {
        benchmark: 'Webhooks: scan → signed delivery received (all-in-one)',
        figure: `p50 ${fmt.ms(p50)}, p99 ${fmt.ms(percentile(latencies, 99))}`,
        baseline: '–',
        ratio: null,
        note: '60 scans one at a time; target p50 under 100 ms',
      },
      {
        benchmark: 'Webhooks: sustained deliveries to one endpoint (all-in-one)',
        figure: fmt.rate(rate, 'deliveries'),
        baseline: `plain keep-alive POSTs, 16 in flight: ${fmt.rate(base, 'req')}`,
        ratio: rate / base,
        note: `a backlog of ${burst} deliveries drained after the receiver is released; target ≥ 1,000/s`,
      },
    ];
  } finally {
    await server.stop();
    await new Promise((r) => receiver.close(r));
    dir.remove();
  }
}

/** The same keep-alive pool size the dispatcher uses per endpoint, so the comparison is like for like. */
async function plainPostRate(url: string, total: number, inFlight: number): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: inFlight });
  let next = 0;
  const t0 = process.hrtime.bigint();
  const worker = async () => {
    while (next++ < total) {
      await new Promise<void>((resolve, reject) => {
        const req = request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json' } }, (res) => {
          res.resume();
          res.on('end', () => resolve());
        });
        req.on('error', reject);
        req.end('{"id":"evt_x"}');
      });
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  agent.destroy();
  return total / (Number(process.hrtime.bigint() - t0) / 1e9);
}
