import { admin, call, createTempDir, rawRequest, startApp } from '@qr/testing';
import { type BenchRow, fmt } from './bench-report';
import { percentile } from './stats';

/**
 * Scan-to-analytics freshness in all-in-one: the time from a scan's 302 to the moment the analytics
 * API counts it, polled every 5 ms, for 60 scans at a low rate. The baseline is the 302 itself.
 */
export async function benchFreshness(samples = 60): Promise<BenchRow[]> {
  const dir = createTempDir('bench-fresh');
  const server = await startApp('all-in-one', { DATA_DIR: dir.path });
  try {
    const ws = admin(['workspace', 'create', '--name', 'f', '--plan', 'agency'], { DATA_DIR: dir.path }).json;
    const key = String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'f'], { DATA_DIR: dir.path }).json.secret);
    const code = (
      await call<{ id: string; short_code: string }>(`${server.url}/api/public/v1/qrcodes`, {
        method: 'POST',
        key,
        json: { type: 'website', content: { url: 'https://example.com' } },
      })
    ).body;
    const latencies: number[] = [];
    const redirects: number[] = [];
    for (let i = 1; i <= samples; i++) {
      const t0 = process.hrtime.bigint();
      await rawRequest(`${server.url}/${code.short_code}`);
      redirects.push(Number(process.hrtime.bigint() - t0) / 1e6);
      for (;;) {
        const a = await call<{ total_scans: number }>(`${server.url}/api/public/v1/qrcodes/${code.id}/analytics`, { key });
        if (a.body.total_scans >= i) break;
        await new Promise((r) => setTimeout(r, 5));
      }
      latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      await new Promise((r) => setTimeout(r, 20));
    }
    return [
      {
        benchmark: 'Analytics freshness: scan → counted by the analytics API (all-in-one)',
        figure: `p50 ${fmt.ms(percentile(latencies, 50))}, p99 ${fmt.ms(percentile(latencies, 99))}`,
        baseline: `the scan's 302 alone: p50 ${fmt.ms(percentile(redirects, 50))}`,
        ratio: null,
        note: `${samples} scans; target p99 under 1 s`,
      },
    ];
  } finally {
    await server.stop();
    dir.remove();
  }
}
