import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { admin, type AppProcess, call, createTempDir, startApp, type TempDir } from '@qr/testing';
import { type BenchRow, fmt } from './bench-report';
import { brandedDesignInput, STAR_SVG } from './bench-designs';
import { median } from './stats';
import { type LoadResult, wrk } from './wrk';

const WORKSPACES = 6;
const KEYS_PER_WORKSPACE = 6;
/** Codes per workspace whose images a cold run asks for (one a run). */
const COLD_CODES = 4;
const SECONDS = 5;

interface Target {
  label: string;
  dir: TempDir;
  server: AppProcess;
  /** Per workspace: its keys, its branded code, its codes for first downloads (designed and plain), its branded code's preview path. */
  workspaces: Array<{ keys: string[]; branded: string; designed: string[]; plain: string[]; preview: string }>;
}

/** One request of a wrk run: the Authorization header (none for a preview), the path, and an If-None-Match. */
type Req = [auth: string | null, path: string, ifNoneMatch: string | null];

/**
 * A designed code's PNG as clients download it: `GET /qrcodes/{id}/image?format=png` over HTTP against
 * an all-in-one (SQLite), by wrk on the same machine. Asked again (a plain GET, and a conditional one
 * answered 304), first downloads (every request an image not asked for before: other codes, levels and
 * sizes near the default), a plain code's first downloads, and the public preview (SVG, no key)
 * asked again. Clients are 6 workspaces × 6 API keys taken in turn, so that no key passes its plan's
 * 100 requests a second. The baseline is the build `BENCH_BASELINE` names (a checkout of the commit
 * before, built), run the same way in the same run, alternating; without it the rows have none.
 */
export async function benchImageDownloads(runs = 3): Promise<BenchRow[]> {
  const baselineRoot = process.env.BENCH_BASELINE;
  const targets = [await start('this build')];
  if (baselineRoot) targets.push(await start('baseline', join(baselineRoot, 'dist/apps')));
  try {
    const results = new Map<string, Map<string, LoadResult[]>>();
    const record = (t: Target, row: string, r: LoadResult) => {
      const rows = results.get(t.label) ?? results.set(t.label, new Map()).get(t.label)!;
      rows.set(row, [...(rows.get(row) ?? []), r]);
    };
    for (const t of targets) {
      // Warm-up: each branded code's PNG once (fonts, the logo's rendition, the kept image) and a short load.
      await load(t, requestsAgain(t, false), 2);
    }
    for (let run = 0; run < runs; run++) {
      for (const t of run % 2 ? [...targets].reverse() : targets) {
        record(t, 'again', await load(t, requestsAgain(t, false)));
        record(t, 'conditional', await load(t, await requestsAgain(t, true)));
        record(t, 'cold', await load(t, firstDownloads(t, run, 'designed'), SECONDS, 1));
        record(t, 'plain', await load(t, firstDownloads(t, run, 'plain'), SECONDS, 1));
        record(
          t,
          'preview',
          await load(
            t,
            t.workspaces.map((w): Req => [null, w.preview, null]),
          ),
        );
      }
    }
    const rate = (label: string, row: string) => median((results.get(label)?.get(row) ?? []).map((r) => r.requestsPerSecond));
    const p99 = (label: string, row: string) => median((results.get(label)?.get(row) ?? []).map((r) => r.p99Ms));
    const refused = (label: string) => [...(results.get(label)?.values() ?? [])].flat().reduce((n, r) => n + r.non2xx3xx, 0);
    const note = `wrk, ${SECONDS} s runs, median of ${runs}, alternating with the baseline; ${WORKSPACES * KEYS_PER_WORKSPACE} API keys in turn; answers that were not 2xx/3xx: ${refused('this build')} (baseline ${refused('baseline')})`;
    const row = (key: string, benchmark: string, what: string): BenchRow => {
      const ours = rate('this build', key);
      const base = baselineRoot ? rate('baseline', key) : null;
      return {
        benchmark,
        figure: `${fmt.rate(ours, 'images')}, p99 ${fmt.ms(p99('this build', key))}`,
        baseline: base === null ? '–' : `the commit before (${what}): ${fmt.rate(base, 'images')}, p99 ${fmt.ms(p99('baseline', key))}`,
        ratio: base === null ? null : ours / base,
        note,
      };
    };
    return [
      row('again', 'Image download: a designed code’s PNG asked again (GET /qrcodes/{id}/image?format=png, all-in-one)', 'renders every request'),
      row('conditional', 'Image download: the same with If-None-Match, answered 304', 'renders, hashes the body, then answers 304'),
      row('cold', 'Image download: a designed code’s PNG asked for the first time (each request another code, level or size)', 'our rasteriser'),
      row('plain', 'Image download: a plain code’s PNG asked for the first time', 'the 1-bit PNG writer'),
      row('preview', 'Image download: a designed code’s public preview (SVG, no key) asked again', 'renders every request'),
    ];
  } finally {
    for (const t of targets) {
      await t.server.stop();
      t.dir.remove();
    }
  }
}

async function start(label: string, appsDir?: string): Promise<Target> {
  const dir = createTempDir(`bench-images-${label.replace(/\W/g, '')}`);
  const env = { DATA_DIR: dir.path };
  const server = await startApp('all-in-one', env, 60_000, appsDir);
  const api = (path: string) => `${server.url}/api/public/v1${path}`;
  const workspaces: Target['workspaces'] = [];
  for (let w = 0; w < WORKSPACES; w++) {
    const ws = admin(['workspace', 'create', '--name', `images ${w}`, '--plan', 'agency'], env, undefined, appsDir).json;
    const key = String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'k0'], env, undefined, appsDir).json.secret);
    const keys = [`Bearer ${key}`];
    for (let k = 1; k < KEYS_PER_WORKSPACE; k++)
      keys.push(`Bearer ${(await call<{ secret: string }>(api('/api-keys'), { method: 'POST', key, json: { name: `k${k}` } })).body.secret}`);
    const logo = await call<{ id: string }>(api('/logos'), { method: 'POST', key, json: { name: 'star', data: Buffer.from(STAR_SVG).toString('base64') } });
    const design = brandedDesignInput(logo.body.id);
    const items = [
      ...Array.from({ length: 1 + COLD_CODES }, (_, i) => ({ type: 'website', content: { url: `https://example.com/${w}/d${i}` }, design })),
      ...Array.from({ length: COLD_CODES }, (_, i) => ({ type: 'website', content: { url: `https://example.com/${w}/p${i}` } })),
    ];
    const bulk = await call<{ data: Array<{ qr_code: { id: string; preview_url: string } }> }>(api('/qrcodes/bulk'), { method: 'POST', key, json: { items } });
    if (bulk.status !== 200) throw new Error(`bulk create failed: ${bulk.status} ${bulk.text.slice(0, 300)}`);
    const codes = bulk.body.data.map((d) => d.qr_code);
    workspaces.push({
      keys,
      branded: codes[0].id,
      designed: codes.slice(1, 1 + COLD_CODES).map((c) => c.id),
      plain: codes.slice(1 + COLD_CODES).map((c) => c.id),
      preview: new URL(codes[0].preview_url).pathname,
    });
  }
  process.stderr.write(`  ${label}: set up\n`);
  return { label, dir, server, workspaces };
}

const pngPath = (id: string, query = '') => `/api/public/v1/qrcodes/${id}/image?format=png${query}`;

/** Each workspace's branded PNG, its keys in turn; with `conditional`, each with the ETag its last answer carried. */
function requestsAgain(t: Target, conditional: false): Req[];
function requestsAgain(t: Target, conditional: true): Promise<Req[]>;
function requestsAgain(t: Target, conditional: boolean): Req[] | Promise<Req[]> {
  const reqs = t.workspaces.flatMap((w) => w.keys.map((auth): Req => [auth, pngPath(w.branded), null]));
  if (!conditional) return reqs;
  return Promise.all(
    reqs.map(async ([auth, path]): Promise<Req> => {
      const res = await fetch(`${t.server.url}${path}`, { headers: { authorization: auth! } });
      await res.arrayBuffer();
      return [auth, path, res.headers.get('etag')];
    }),
  );
}

/**
 * Images no request asked for before: run `run`'s code of each workspace × 96 sizes from the default
 * up (330–425 px) × quiet zones of 4–8 modules × 4 levels, workspaces and keys taking turns.
 */
function firstDownloads(t: Target, run: number, kind: 'designed' | 'plain'): Req[] {
  const reqs: Req[] = [];
  const sizes = Array.from({ length: 96 }, (_, i) => 330 + i);
  for (const size of sizes)
    for (const ecc of ['L', 'M', 'Q', 'H'])
      for (const [i, w] of t.workspaces.entries()) {
        const id = w[kind][run % COLD_CODES];
        reqs.push([w.keys[(size + i) % w.keys.length], pngPath(id, `&ecc=${ecc}&size=${size}`), null]);
      }
  return reqs;
}

/** wrk over the requests in turn (a Lua script holding them); `threads` 1 keeps a list of first downloads in order, each once. */
async function load(t: Target, reqs: Req[], seconds = SECONDS, threads = 2): Promise<LoadResult> {
  const script = join(t.dir.path, 'requests.lua');
  const entries = reqs.map(
    ([auth, path, etag]) =>
      `{${[auth === null ? 'nil' : JSON.stringify(auth), JSON.stringify(path), etag === null ? 'nil' : JSON.stringify(etag)].join(', ')}}`,
  );
  writeFileSync(
    script,
    `local reqs = {\n${entries.join(',\n')}\n}\nlocal i = 0\n` +
      'function request()\n  i = i + 1\n  local r = reqs[((i - 1) % #reqs) + 1]\n  local h = {}\n' +
      '  if r[1] then h["Authorization"] = r[1] end\n  if r[3] then h["If-None-Match"] = r[3] end\n' +
      '  return wrk.format("GET", r[2], h)\nend\n',
  );
  const result = await wrk(t.server.url, { connections: threads === 1 ? 8 : 32, threads, seconds, script });
  process.stderr.write(`  ${t.label}: ${Math.round(result.requestsPerSecond)}/s, p99 ${result.p99Ms} ms, ${result.non2xx3xx} not 2xx/3xx\n`);
  // The baseline draws every request anyway; this build must meet only images it has not drawn.
  if (threads === 1 && t.label === 'this build' && result.requestsPerSecond * seconds > reqs.length)
    throw new Error('a first-download run ran out of new images');
  return result;
}
