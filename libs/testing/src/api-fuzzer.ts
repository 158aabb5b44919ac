import { request } from 'node:http';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { admin, type AppProcess } from './app-process';
import { call } from './http-call';

/** One fuzzed request: everything a hostile client controls. */
export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer | null;
  /** What it aimed at, for the report: `public GET /qrcodes/{id}`, `app POST /members`… */
  route: string;
}

export interface FuzzFinding {
  request: { method: string; path: string; headers: Record<string, string>; body: string };
  status: number;
  problem: string;
}

export interface FuzzReport {
  seed: number;
  requests: number;
  byStatus: Record<string, number>;
  findings: FuzzFinding[];
}

/** The credentials and ids a fuzz run may use, so some requests get past authentication to the parsers behind it. */
export interface FuzzTarget {
  /** `http://localhost:port`: the dashboard's cookies are set for this host. */
  base: string;
  dataDir: string;
  apiKey: string;
  /** Signed-in dashboard sessions of owners: `qr_session` values with their CSRF tokens (several, to stay under each one's rate). */
  sessions: Array<{ cookie: string; csrf: string }>;
  /** Ids of things that exist (a code, a folder, a domain, an endpoint, a member who may be changed). */
  ids: string[];
}

interface Route {
  scope: 'public' | 'app';
  method: string;
  path: string;
  /** Property names the body schema knows, so generated bodies reach deep into the readers. */
  fields: string[];
  query: string[];
}

/**
 * The dashboard's own JSON routes (not in the OpenAPI document), minus the two that would end the
 * fuzzer's own session (sign-out, and changing the password ends the others).
 */
const APP_ROUTES: Route[] = [
  ['GET', '/session', [], []],
  ['POST', '/session', ['email', 'password'], []],
  ['POST', '/session/workspace', ['workspace_id'], []],
  ['POST', '/sign-in-links/inspect', ['token'], []],
  ['POST', '/sign-in-links/redeem', ['token', 'password'], []],
  ['POST', '/password-reset', ['email'], []],
  ['GET', '/usage', [], []],
  ['POST', '/previews', ['type', 'category', 'content', 'name', 'destinations', 'client_ref', 'folder_id', 'custom_domain_id'], []],
  ['GET', '/print-sheets/presets', [], []],
  ['POST', '/print-sheets', ['code_ids', 'folder_id', 'preset', 'label', 'page_size'], []],
  ['POST', '/imports', [], []],
  ['GET', '/exports/codes.csv', [], ['q', 'folder_id', 'status', 'type']],
  ['GET', '/members', [], []],
  ['POST', '/members', ['email', 'role'], []],
  ['PATCH', '/members/{id}', ['role'], []],
  ['DELETE', '/members/{id}', [], []],
  ['POST', '/members/{id}/invitation', [], []],
  ['DELETE', '/members/{id}/invitation', [], []],
  ['GET', '/audit-log', [], ['limit', 'cursor']],
  ['GET', '/audit-log/export.csv', [], []],
].map(([method, path, fields, query]) => ({ scope: 'app', method, path, fields, query }) as Route);

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'text/csv',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  '',
  'application/json\u0000',
];

/** Every route of the public API, with its body's and query's field names, from the server's own OpenAPI document. */
export async function fuzzRoutes(base: string): Promise<Route[]> {
  const doc = (await (await fetch(`${base}/api/public/v1/openapi.json`)).json()) as {
    paths: Record<
      string,
      Record<string, { requestBody?: { content?: Record<string, { schema?: unknown }> }; parameters?: Array<{ in: string; name: string }> }>
    >;
    components: { schemas: Record<string, unknown> };
  };
  const fieldsOf = (schema: unknown, depth = 0): string[] => {
    if (!schema || typeof schema !== 'object' || depth > 4) return [];
    const s = schema as { $ref?: string; properties?: Record<string, unknown>; oneOf?: unknown[]; anyOf?: unknown[]; allOf?: unknown[] };
    if (s.$ref) return fieldsOf(doc.components.schemas[s.$ref.split('/').pop()!], depth + 1);
    const own = Object.keys(s.properties ?? {});
    const nested = [...(s.oneOf ?? []), ...(s.anyOf ?? []), ...(s.allOf ?? [])].flatMap((x) => fieldsOf(x, depth + 1));
    return [...new Set([...own, ...nested])];
  };
  const routes: Route[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'patch', 'put', 'delete'].includes(method)) continue;
      const schema = op.requestBody?.content?.['application/json']?.schema;
      routes.push({
        scope: 'public',
        method: method.toUpperCase(),
        path,
        fields: fieldsOf(schema),
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      });
    }
  }
  return [...routes, ...APP_ROUTES];
}

/** JSON values that reach validators: every type, edge numbers and strings, nesting. */
const nasty = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1e308, -0, 2 ** 53, 1.5, '', ' ', 'null', '0', '\u0000', '‮', '💥', 'a'.repeat(10_000), '<script>', '../../etc'),
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.webUrl(),
  fc.emailAddress(),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
);
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  any: fc.oneof({ depthSize: 'small' }, nasty, fc.array(tie('any'), { maxLength: 4 }), fc.dictionary(fc.string({ maxLength: 8 }), tie('any'), { maxKeys: 4 })),
})).any;

function bodyFor(route: Route): fc.Arbitrary<Buffer | null> {
  const shaped =
    route.fields.length > 0
      ? fc.subarray(route.fields).chain((keys) => fc.tuple(...keys.map(() => value)).map((values) => Object.fromEntries(keys.map((k, i) => [k, values[i]]))))
      : fc.constant({});
  return fc.oneof(
    shaped.map((b) => Buffer.from(JSON.stringify(b))),
    value.map((v) => Buffer.from(JSON.stringify(v) ?? 'undefined')),
    fc.string().map((s) => Buffer.from(s)),
    // Bytes that are not UTF-8 (lone continuation bytes, overlongs, a truncated sequence).
    fc
      .uint8Array({ maxLength: 64 })
      .map((b) => Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0xed, 0xa0, 0x80, ...b]), Buffer.from('"}')])),
    fc.constant(Buffer.alloc(2 * 1024 * 1024, 0x61)), // over the 1 MB limit
    fc.constant(Buffer.from(`{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`)), // deep nesting
    fc.constant(null),
  );
}

function pathFor(route: Route, ids: string[]): fc.Arbitrary<string> {
  const params = route.path.match(/\{[^}]+\}/g) ?? [];
  const idArb = fc.oneof(
    fc.constantFrom(...ids),
    fc.string({ minLength: 1, maxLength: 40 }),
    fc.constantFrom('..', '%00', '%2e%2e%2f', 'qr_', 'x'.repeat(300), '%FF%FE', '0'),
  );
  return fc.tuple(...params.map(() => idArb)).map((values) => {
    let path = route.path;
    values.forEach((v) => (path = path.replace(/\{[^}]+\}/, /%[0-9A-F]{2}/i.test(v) ? v : encodeURIComponent(v))));
    return path;
  });
}

function queryFor(route: Route): fc.Arbitrary<string> {
  const key = fc.oneof(fc.constantFrom(...route.query, 'limit', 'cursor', 'format'), fc.string({ maxLength: 10 }));
  const val = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('-1', '0', '101', '1e3', 'NaN', '%FF', '', 'true', 'csv', 'svg', 'pdf', '9'.repeat(40)));
  return fc
    .array(fc.tuple(key, val), { maxLength: 5 })
    .map((pairs) =>
      pairs.length ? `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${/%[0-9A-F]{2}/i.test(v) ? v : encodeURIComponent(v)}`).join('&')}` : '',
    );
}

/** The generator of whole requests against `routes`, with the target's credentials mixed with wrong ones. */
export function fuzzRequests(routes: Route[], t: FuzzTarget): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...routes).chain((route) =>
    fc
      .record({
        path: pathFor(route, t.ids),
        query: queryFor(route),
        body: route.method === 'GET' || route.method === 'DELETE' ? fc.oneof(fc.constant(null), bodyFor(route)) : bodyFor(route),
        contentType: fc.constantFrom(...CONTENT_TYPES),
        credential: fc.constantFrom('valid', 'valid', 'valid', 'none', 'garbage', 'other-scheme'),
        session: fc.nat(t.sessions.length - 1),
        csrf: fc.constantFrom('valid', 'valid', 'missing', 'wrong'),
        origin: fc.constantFrom(null, t.base, 'https://evil.example', 'null'),
      })
      .map((r) => {
        const headers: Record<string, string> = {};
        if (r.contentType) headers['content-type'] = r.contentType.replace('\u0000', '');
        if (r.origin) headers.origin = r.origin;
        if (route.scope === 'public') {
          if (r.credential === 'valid') headers.authorization = `Bearer ${t.apiKey}`;
          if (r.credential === 'garbage') headers.authorization = `Bearer qrk_${'x'.repeat(20)}`;
          if (r.credential === 'other-scheme') headers.authorization = `Basic ${Buffer.from('a:b').toString('base64')}`;
        } else if (r.credential !== 'none') {
          const s = t.sessions[r.session];
          headers.cookie = r.credential === 'garbage' ? 'qr_session=not-a-session' : `qr_session=${s.cookie}`;
          if (r.csrf === 'valid') headers['x-csrf-token'] = s.csrf;
          if (r.csrf === 'wrong') headers['x-csrf-token'] = 'x'.repeat(43);
        }
        const prefix = route.scope === 'public' ? '/api/public/v1' : '/app/api';
        return { method: route.method, path: `${prefix}${r.path}${r.query}`, headers, body: r.body, route: `${route.scope} ${route.method} ${route.path}` };
      }),
  );
}

/** Sends one request exactly as generated (raw bytes, no client-side fixing of headers). */
export function sendRaw(base: string, r: FuzzRequest): Promise<{ status: number; contentType: string; body: string }> {
  return new Promise((resolve, reject) => {
    // A body is always framed by its length (GET and DELETE included), so the message is valid HTTP whatever it carries.
    const length = r.body ? { 'content-length': String(r.body.length) } : {};
    const req = request(`${base}${r.path}`, { method: r.method, headers: { connection: 'close', ...r.headers, ...length }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    // The server may refuse an oversize body before reading it: that reset is its answer, not ours to report.
    req.on('error', (err: NodeJS.ErrnoException) =>
      err.code === 'EPIPE' || err.code === 'ECONNRESET' ? resolve({ status: 413, contentType: 'reset', body: '' }) : reject(err),
    );
    req.end(r.body ?? undefined);
  });
}

/**
 * What a refusal must not change: row counts of every table people's data lives in, plus the sum of
 * code revisions (an update bumps it). Read straight from the SQLite files, read-only.
 */
export function dataFingerprint(dataDir: string): string {
  const parts: string[] = [];
  const tables: Record<string, string[]> = {
    'gateway.sqlite': ['workspaces', 'members', 'accounts', 'api_keys', 'sign_in_links', 'audit_log'],
    'qr.sqlite': ['qr_codes', 'folders', 'custom_domains', 'code_history'],
    'webhooks.sqlite': ['webhook_endpoints'],
  };
  for (const [file, names] of Object.entries(tables)) {
    const db = new Database(join(dataDir, file), { readonly: true, fileMustExist: true });
    try {
      for (const name of names) parts.push(`${name}=${(db.prepare(`SELECT COUNT(*) AS n FROM ${name}`).get() as { n: number }).n}`);
      if (file === 'qr.sqlite') parts.push(`revisions=${(db.prepare('SELECT COALESCE(SUM(revision), 0) AS n FROM qr_codes').get() as { n: number }).n}`);
      if (file === 'gateway.sqlite') parts.push(`keys=${(db.prepare('SELECT COUNT(revoked_at) AS n FROM api_keys').get() as { n: number }).n}`);
    } finally {
      db.close();
    }
  }
  return parts.join(' ');
}

/** Judges one answer: no 5xx; every refusal a problem+json whose status is the HTTP status; a refusal writes nothing. */
export function judge(status: number, contentType: string, body: string, changed: boolean): string | null {
  if (status >= 500) return `answered ${status}`;
  if (status < 400) return null;
  if (contentType === 'reset') return changed ? 'a refused oversize body changed stored data' : null;
  if (!contentType.startsWith('application/problem+json')) return `a ${status} that is not problem+json (${contentType || 'no content type'})`;
  try {
    const problem = JSON.parse(body) as { status?: number; code?: string };
    if (problem.status !== status || typeof problem.code !== 'string') return `a ${status} whose problem says status ${problem.status} code ${problem.code}`;
  } catch {
    return `a ${status} whose body is not JSON`;
  }
  return changed ? `a ${status} refusal changed stored data` : null;
}

/**
 * Sends `runs` generated requests one after another (so a change in the data belongs to one
 * request), and reports every answer that breaks the rules of {@link judge}. A seed replays a run.
 */
export async function fuzzApi(t: FuzzTarget, o: { runs: number; seed: number; onProgress?: (done: number) => void }): Promise<FuzzReport> {
  const routes = await fuzzRoutes(t.base);
  const samples = fc.sample(fuzzRequests(routes, t), { numRuns: o.runs, seed: o.seed });
  const report: FuzzReport = { seed: o.seed, requests: 0, byStatus: {}, findings: [] };
  let before = dataFingerprint(t.dataDir);
  for (const r of samples) {
    const answer = await sendRaw(t.base, r);
    const after = dataFingerprint(t.dataDir);
    const problem = judge(answer.status, answer.contentType, answer.body, after !== before);
    before = after;
    report.requests += 1;
    report.byStatus[answer.status] = (report.byStatus[answer.status] ?? 0) + 1;
    if (problem) {
      report.findings.push({
        request: { method: r.method, path: r.path, headers: r.headers, body: r.body ? r.body.subarray(0, 300).toString('latin1') : '' },
        status: answer.status,
        problem,
      });
    }
    if (report.requests % 100 === 0) o.onProgress?.(report.requests);
  }
  return report;
}

/**
 * What the fuzzer gets to aim with, on a fresh all-in-one server: the bootstrap key, five signed-in
 * owner sessions (each has its own request rate), and ids of things that exist.
 */
export async function fuzzTarget(server: AppProcess, dataDir: string): Promise<FuzzTarget> {
  // The dashboard's cookies belong to PUBLIC_BASE_URL's host, which the fuzz server sets to localhost.
  const base = server.url.replace('127.0.0.1', 'localhost');
  const apiKey = /api key:\s+(qrk_\w+)/.exec(server.output())![1];
  const workspace = /workspace: (ws_\w+)/.exec(server.output())![1];
  const env = { DATA_DIR: dataDir };
  const api = (path: string) => `${base}/api/public/v1${path}`;
  const code = await call<{ id: string }>(api('/qrcodes'), {
    method: 'POST',
    key: apiKey,
    json: { type: 'website', name: 'Fuzzed', content: { url: 'https://example.com/f' } },
  });
  const folder = await call<{ id: string }>(api('/folders'), { method: 'POST', key: apiKey, json: { name: 'Fuzz folder' } });
  const domain = await call<{ id: string }>(api('/domains'), { method: 'POST', key: apiKey, json: { hostname: 'fuzz.example.com' } });
  const endpoint = await call<{ id: string }>(api('/webhook-endpoints'), {
    method: 'POST',
    key: apiKey,
    json: { url: 'https://hooks.example.com/fuzz', events: ['qr.scanned'] },
  });
  const dummy = admin(['member', 'add', '--workspace', workspace, '--email', 'dummy@example.com', '--role', 'viewer'], env).json;
  const sessions: FuzzTarget['sessions'] = [];
  for (let i = 0; i < 5; i++) {
    const email = `fuzz${i}@example.com`;
    admin(['member', 'add', '--workspace', workspace, '--email', email, '--role', 'owner', '--password-stdin'], env, 'fuzzing password 123');
    sessions.push(await signInSession(base, email, 'fuzzing password 123'));
  }
  return { base, dataDir, apiKey, sessions, ids: [code.body.id, folder.body.id, domain.body.id, endpoint.body.id, String(dummy.id)] };
}

/** Signs a member in to the dashboard as a browser does (presession CSRF, then POST /app/api/session): the `qr_session` value and its CSRF token. */
export async function signInSession(base: string, email: string, password: string): Promise<{ cookie: string; csrf: string }> {
  const anonymous = await fetch(`${base}/app/api/session`);
  const presession = anonymous.headers.getSetCookie()[0].split(';')[0];
  const { csrf_token } = (await anonymous.json()) as { csrf_token: string };
  const res = await fetch(`${base}/app/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: presession, 'x-csrf-token': csrf_token },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('qr_session='))!
    .split(';')[0]
    .slice('qr_session='.length);
  return { cookie, csrf: ((await res.json()) as { csrf_token: string }).csrf_token };
}
