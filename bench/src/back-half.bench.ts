import { admin, call, createTempDir, startApp, startDnsResponder } from '@qr/testing';
import { type BenchRow, fmt } from './bench-report';
import { type LoadSummary, summarize } from './same-run-redirects';
import { type LoadResult, wrk } from './wrk';

const RUNS = 5;
const WARM_UP_SECONDS = 3;
const DOMAIN = 'go.bench.example';

/**
 * Chosen back-halves against generated codes in the same all-in-one process, the runs alternating:
 * a slash path on the default host, and a chosen path on a verified custom domain (by Host). Both are
 * looked up as generated codes are (one route key, one cache), so the rows should hold near 1.00×.
 */
export async function benchBackHalves(): Promise<BenchRow[]> {
  const dir = createTempDir('bench-back-half');
  const dns = await startDnsResponder();
  const server = await startApp('all-in-one', { DATA_DIR: dir.path, DNS_RESOLVER: dns.address });
  try {
    const env = { DATA_DIR: dir.path };
    const ws = admin(['workspace', 'create', '--name', 'bench', '--plan', 'agency'], env).json;
    const key = String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'bench'], env).json.secret);
    const api = (path: string, json: unknown) => call<Record<string, unknown>>(`${server.url}/api/public/v1${path}`, { method: 'POST', key, json });
    const domain = await api('/domains', { hostname: DOMAIN });
    dns.set(`_qr-verify.${DOMAIN}`, { TXT: [[String((domain.body.verification as { value: string }).value)]] });
    await api(`/domains/${String(domain.body.id)}/verify`, {});
    const make = async (extra: Record<string, unknown>) => {
      const res = await api('/qrcodes', { type: 'website', content: { url: 'https://example.com/landing' }, ...extra });
      if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
      return String(res.body.short_code);
    };
    const generated = `${server.url}/${await make({})}`;
    const chosen = `${server.url}/${await make({ short_code: 'spring/2026/box-1' })}`;
    const onDomain = `${server.url}/${await make({ short_code: 'spring-sale', custom_domain_id: domain.body.id })}`;
    const host = { Host: DOMAIN };
    for (const url of [generated, chosen]) await wrk(url, { seconds: WARM_UP_SECONDS });
    await wrk(onDomain, { seconds: WARM_UP_SECONDS, headers: host });
    const runs = { generated: [] as LoadResult[], chosen: [] as LoadResult[], onDomain: [] as LoadResult[] };
    for (let i = 0; i < RUNS; i++) {
      runs.generated.push(await wrk(generated));
      runs.chosen.push(await wrk(chosen));
      runs.onDomain.push(await wrk(onDomain, { headers: host }));
    }
    const base = summarize(runs.generated);
    return [
      row('Redirect, chosen back-half with slashes (`spring/2026/box-1`, all-in-one)', summarize(runs.chosen), base),
      row('Redirect, chosen back-half on a verified custom domain (by Host, all-in-one)', summarize(runs.onDomain), base),
    ];
  } finally {
    await server.stop();
    await dns.close();
    dir.remove();
  }
}

function row(name: string, ours: LoadSummary, base: LoadSummary): BenchRow {
  return {
    benchmark: name,
    figure: `${fmt.rate(ours.rps, 'req')}; p99 ${fmt.ms(ours.p99)}`,
    baseline: `a generated 7-character code in the same process: ${fmt.rate(base.rps, 'req')}; p99 ${fmt.ms(base.p99)}`,
    ratio: ours.rps / base.rps,
    note: `wrk 50 connections, median of ${RUNS} × 8 s after a ${WARM_UP_SECONDS} s warm-up, the three targets alternating${ours.errors || base.errors ? `; ${ours.errors + base.errors} non-3xx` : ''}; target within 10 % (≥ 0.90×)`,
  };
}
