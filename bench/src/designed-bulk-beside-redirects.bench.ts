import { admin, call, createTempDir, startApp } from '@qr/testing';
import { type BenchRow, fmt } from './bench-report';
import { brandedDesignInput, STAR_SVG } from './bench-designs';
import { median, percentile } from './stats';

const ITEMS = 50;

/**
 * What a bulk of designed codes does to the redirects of the same all-in-one process: one client
 * follows a short link every 5 ms (its own request one after another) while another creates 50
 * branded codes with a logo in one bulk request. Against the same client's redirects with nothing
 * else running, in the same process. The first bulk is a warm-up (fonts, the logo's rendition, the
 * decoder's WebAssembly); each run after it is one bulk.
 */
export async function benchDesignedBulkBesideRedirects(runs = 5): Promise<BenchRow[]> {
  const dir = createTempDir('bench-designed-bulk');
  const server = await startApp('all-in-one', { DATA_DIR: dir.path });
  try {
    const ws = admin(['workspace', 'create', '--name', 'bench', '--plan', 'agency'], { DATA_DIR: dir.path }).json;
    const key = String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'bench'], { DATA_DIR: dir.path }).json.secret);
    const api = (path: string) => `${server.url}/api/public/v1${path}`;
    const logo = await call<{ id: string }>(api('/logos'), { method: 'POST', key, json: { name: 'star', data: Buffer.from(STAR_SVG).toString('base64') } });
    const design = brandedDesignInput(logo.body.id);
    const plain = await call<{ short_code: string }>(api('/qrcodes'), {
      method: 'POST',
      key,
      json: { type: 'website', content: { url: 'https://example.com/r' } },
    });
    const link = `${server.url}/${plain.body.short_code}`;
    let batch = 0;
    const bulk = async () => {
      const n = batch++;
      const items = Array.from({ length: ITEMS }, (_, i) => ({ type: 'website', content: { url: `https://example.com/d/${n}/${i}` }, design }));
      const res = await call(api('/qrcodes/bulk'), { method: 'POST', key, json: { items } });
      if (res.status !== 200) throw new Error(`bulk failed: ${res.status} ${res.text.slice(0, 200)}`);
    };
    /** Redirect latencies (ms) while `work` runs, the client going on 100 ms past its end. */
    const redirectsDuring = async (work: () => Promise<unknown>): Promise<{ latencies: number[]; workMs: number }> => {
      const latencies: number[] = [];
      let stop = false;
      const client = (async () => {
        while (!stop) {
          const t0 = performance.now();
          const res = await fetch(link, { redirect: 'manual' });
          await res.arrayBuffer();
          latencies.push(performance.now() - t0);
          await new Promise((r) => setTimeout(r, 5));
        }
      })();
      const t0 = performance.now();
      await work();
      const workMs = performance.now() - t0;
      await new Promise((r) => setTimeout(r, 100));
      stop = true;
      await client;
      return { latencies, workMs };
    };
    await redirectsDuring(bulk);
    const idleMax: number[] = [];
    const idleP99: number[] = [];
    const busyMax: number[] = [];
    const busyP99: number[] = [];
    const bulkMs: number[] = [];
    for (let r = 0; r < runs; r++) {
      const idle = await redirectsDuring(() => new Promise((res) => setTimeout(res, 1000)));
      const busy = await redirectsDuring(bulk);
      idleMax.push(Math.max(...idle.latencies));
      idleP99.push(percentile(idle.latencies, 99));
      busyMax.push(Math.max(...busy.latencies));
      busyP99.push(percentile(busy.latencies, 99));
      bulkMs.push(busy.workMs);
    }
    const [im, ip, bm, bp, b] = [idleMax, idleP99, busyMax, busyP99, bulkMs].map(median);
    return [
      {
        benchmark: `Redirects beside a bulk of ${ITEMS} branded codes with a logo (all-in-one)`,
        figure: `slowest redirect ${fmt.ms(bm)}, p99 ${fmt.ms(bp)}; the bulk took ${fmt.ms(b)}`,
        baseline: `the same client with nothing else running: slowest ${fmt.ms(im)}, p99 ${fmt.ms(ip)}`,
        ratio: im / bm,
        note: `one redirect at a time every 5 ms; each design drawn and read back by two decoders before it is saved; median of ${runs} bulks after a warm-up; ratio = idle slowest ÷ busy slowest`,
      },
    ];
  } finally {
    await server.stop();
    dir.remove();
  }
}
