import { dashboardDocument } from '@qr/dashboard';
import {
  admin,
  type AppProcess,
  call,
  contractViolations,
  createTempDir,
  freePort,
  type RecordedExchange,
  startApp,
  type TempDir,
  waitUntil,
} from '@qr/testing';

/** A browser's cookie jar, as far as these tests need one: name → value, from Set-Cookie answers. */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(res: { headers: Headers }): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      if (/Max-Age=0/.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

/**
 * The dashboard's sessions over HTTP, as a browser would hold them: cookies, CSRF tokens, sign-in
 * answers and throttling, sign-out, links from the admin CLI, and what a session may and may not do.
 */
describe('dashboard sessions', () => {
  let dir: TempDir;
  let server: AppProcess;
  let base: string;
  let workspaceId: string;
  // The admin CLI reads the server's environment: the links it prints use the same public URL.
  const env = () => ({ DATA_DIR: dir.path, PUBLIC_BASE_URL: base });
  /** Every JSON answer of /app/api the clients saw: the last test checks them against the dashboard's document. */
  const seen: RecordedExchange[] = [];

  /** A client with its own cookies: reads the session answer for its CSRF token, then calls with both. */
  const client = () => {
    const jar = new Jar();
    let csrf = '';
    const request = async <T = Record<string, unknown>>(
      method: string,
      path: string,
      json?: unknown,
      o: { csrf?: string | null; contentType?: string; body?: string; headers?: Record<string, string> } = {},
    ) => {
      const headers: Record<string, string> = { ...o.headers, cookie: jar.header() };
      const token = o.csrf === undefined ? csrf : o.csrf;
      if (token) headers['x-csrf-token'] = token;
      if (o.contentType) headers['content-type'] = o.contentType;
      const res = await call<T>(`${base}${path}`, { method, json, headers, body: o.body });
      jar.take(res);
      const contentType = res.headers.get('content-type') ?? '';
      if (path.startsWith('/app/api') && /^application\/(problem\+)?json/.test(contentType))
        seen.push({ method, path: path.split('?')[0], status: res.status, contentType, body: res.body });
      const answered = res.body as { csrf_token?: string } | undefined;
      if (answered && typeof answered === 'object' && typeof answered.csrf_token === 'string') csrf = answered.csrf_token;
      return res;
    };
    return { jar, request, start: () => request('GET', '/app/api/session') };
  };

  const signedIn = async (email: string, password: string) => {
    const c = client();
    await c.start();
    const res = await c.request('POST', '/app/api/session', { email, password });
    expect(res.status).toBe(200);
    return c;
  };

  beforeAll(async () => {
    dir = createTempDir('dash-sessions');
    const port = await freePort();
    base = `http://localhost:${port}`;
    server = await startApp('all-in-one', { ...env(), PORT: String(port), BOOTSTRAP_OWNER_EMAIL: 'Boss@Example.com' });
    await waitUntil(() => /dashboard: (\S+)/.exec(server.output()), 'the first-run sign-in link');
    workspaceId = /workspace: (ws_\w+)/.exec(server.output())![1];
  });
  afterAll(async () => {
    await server?.stop();
    dir?.remove();
  });

  it('serves the dashboard with a strict CSP, no inline script, and nosniff', async () => {
    const res = await fetch(`${base}/app/codes`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html.match(/<script\b[^>]*>/g)!.every((tag) => /\ssrc="\/app\/assets\//.test(tag))).toBe(true);
    const api = await fetch(`${base}/app/api/session`);
    expect(api.headers.get('content-security-policy')).toBe(csp);
    const asset = /src="(\/app\/assets\/[^"]+\.js)"/.exec(html)![1];
    const js = await fetch(`${base}${asset}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${base}/app/api/nothing-here`)).status).toBe(404);
  });

  it('redeems the first-run link only with the sign-in form’s CSRF token, once, and sets an HttpOnly SameSite=Lax cookie', async () => {
    const token = /dashboard: \S+#token=([A-Za-z0-9_-]{43})/.exec(server.output())![1];
    const c = client();
    const anonymous = await c.start();
    expect(anonymous.body).toEqual({ signed_in: false, csrf_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(anonymous.headers.getSetCookie()[0]).toMatch(/^qr_presession=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    const forged = await c.request('POST', '/app/api/sign-in-links/redeem', { token, password: 'boss password here' }, { csrf: null });
    expect(forged.status).toBe(403);
    expect(forged.body).toMatchObject({ code: 'csrf_failed' });
    expect((await c.request('POST', '/app/api/sign-in-links/inspect', { token })).body).toMatchObject({
      email: 'boss@example.com',
      purpose: 'first_run',
      has_password: false,
    });
    const weak = await c.request('POST', '/app/api/sign-in-links/redeem', { token, password: 'short' });
    expect(weak.status).toBe(422);
    expect(weak.body.errors).toEqual([{ pointer: '/password', code: 'too_short', detail: expect.any(String) }]);
    const redeemed = await c.request('POST', '/app/api/sign-in-links/redeem', { token, password: 'boss password here' });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body).toMatchObject({
      signed_in: true,
      account: { email: 'boss@example.com' },
      workspace: { id: workspaceId, role: 'owner', plan: 'agency' },
    });
    const cookie = redeemed.headers.getSetCookie().find((l) => l.startsWith('qr_session='))!;
    expect(cookie).toMatch(/^qr_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=604800; HttpOnly; SameSite=Lax$/);
    expect((await c.request('GET', '/api/public/v1/qrcodes')).status).toBe(200);
    const again = await client().request('POST', '/app/api/sign-in-links/inspect', { token }, { csrf: null });
    expect(again.status).toBe(403);
    const reuse = client();
    await reuse.start();
    expect((await reuse.request('POST', '/app/api/sign-in-links/redeem', { token, password: 'boss password again' })).status).toBe(410);
  });

  it('answers a wrong password and an unknown email alike, and throttles an account after 10 tries', async () => {
    const c = client();
    await c.start();
    const wrong = await c.request('POST', '/app/api/session', { email: 'boss@example.com', password: 'not my password' });
    const unknown = await c.request('POST', '/app/api/session', { email: 'nobody@example.com', password: 'not my password' });
    expect(wrong.status).toBe(401);
    const { request_id: _a, ...wrongBody } = wrong.body;
    const { request_id: _b, ...unknownBody } = unknown.body;
    expect(wrongBody).toEqual(unknownBody);
    expect(wrongBody).toMatchObject({ code: 'invalid_credentials' });
    for (let i = 0; i < 9; i++) await c.request('POST', '/app/api/session', { email: 'boss@example.com', password: `guess number ${i}` });
    const limited = await c.request('POST', '/app/api/session', { email: 'boss@example.com', password: 'boss password here' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(server.output()).not.toContain('boss password here');
    expect(server.output()).not.toContain('not my password');
  });

  it('signs out on the server: the same cookie is refused afterwards, on every route', async () => {
    const password = 'dee has a password';
    expect(
      admin(['member', 'add', '--workspace', workspaceId, '--email', 'dee@example.com', '--role', 'editor', '--password-stdin'], env(), `${password}\n`).json,
    ).toMatchObject({ password_set: true });
    const c = await signedIn('dee@example.com', password);
    const stolen = c.jar.header();
    expect((await c.request('DELETE', '/app/api/session')).status).toBe(200);
    expect(c.jar.get('qr_session')).toBeUndefined();
    const replay = await call(`${base}/api/public/v1/qrcodes`, { headers: { cookie: stolen } });
    expect(replay.status).toBe(401);
    expect((await call(`${base}/app/api/usage`, { headers: { cookie: stolen } })).status).toBe(401);
  });

  it('invites with a one-time link from the CLI, and a removed member’s session ends at once', async () => {
    const invite = admin(['member', 'invite', '--workspace', workspaceId, '--email', 'eve@example.com', '--role', 'viewer', '--expires-in', '2h'], env()).json;
    expect(invite).toMatchObject({
      email: 'eve@example.com',
      role: 'viewer',
      new_member: true,
      url: expect.stringMatching(new RegExp(`^${base}/app/welcome#token=`)),
    });
    const token = String(invite.url).split('#token=')[1];
    const c = client();
    await c.start();
    expect((await c.request('POST', '/app/api/sign-in-links/redeem', { token, password: 'eve picked this one' })).status).toBe(200);
    expect((await c.request('GET', '/api/public/v1/qrcodes')).status).toBe(200);
    expect(admin(['member', 'list', '--workspace', workspaceId], env()).json.members).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: 'eve@example.com', role: 'viewer' })]),
    );
    expect(admin(['member', 'remove', '--workspace', workspaceId, '--email', 'eve@example.com'], env()).json).toMatchObject({ sessions_ended: 1 });
    expect((await c.request('GET', '/api/public/v1/qrcodes')).status).toBe(401);
  });

  it('does not count dashboard calls against the API quota, but does count its dynamic codes against the allowance', async () => {
    const pro = admin(['workspace', 'create', '--name', 'Pro shop', '--plan', 'pro'], env()).json;
    admin(['member', 'add', '--workspace', String(pro.id), '--email', 'pat@example.com', '--role', 'owner', '--password-stdin'], env(), 'pat the shop owner');
    const c = await signedIn('pat@example.com', 'pat the shop owner');
    expect((await c.request('GET', '/app/api/session')).body).toMatchObject({ workspaces: [{ name: 'Pro shop' }] });
    for (let i = 0; i < 5; i++) expect((await c.request('GET', '/api/public/v1/qrcodes')).status).toBe(200);
    const created = await c.request('POST', '/api/public/v1/qrcodes', { type: 'website', content: { url: 'https://example.com' } });
    expect(created.status).toBe(201);
    expect(created.headers.get('ratelimit')).toBeNull();
    const usage = await c.request<{ api_calls: { used: number; limit: number }; dynamic_codes: { used: number; limit: number } }>('GET', '/app/api/usage');
    expect(usage.body.api_calls).toMatchObject({ used: 0, limit: 3000 });
    expect(usage.body.dynamic_codes).toMatchObject({ used: 1, limit: 300 });
  });

  it('lets a free workspace use the dashboard for static codes: no dynamic codes, and its API keys are refused', async () => {
    const free = admin(['workspace', 'create', '--name', 'Free corner', '--plan', 'free'], env()).json;
    admin(['member', 'add', '--workspace', String(free.id), '--email', 'fay@example.com', '--role', 'owner', '--password-stdin'], env(), 'fay has no budget');
    const c = await signedIn('fay@example.com', 'fay has no budget');
    const dynamic = await c.request('POST', '/api/public/v1/qrcodes', { type: 'website', content: { url: 'https://example.com' } });
    expect(dynamic.status).toBe(429);
    expect(dynamic.body).toMatchObject({ code: 'dynamic_allowance_exceeded' });
    const staticCode = await c.request('POST', '/api/public/v1/qrcodes', { type: 'text', category: 'static', content: { text: 'hello' } });
    expect(staticCode.status).toBe(201);
    const key = await c.request<{ secret: string }>('POST', '/api/public/v1/api-keys', { name: 'will not work' });
    expect(key.status).toBe(201);
    expect((await call(`${base}/api/public/v1/qrcodes`, { key: key.body.secret })).body).toMatchObject({ code: 'plan_has_no_api_access' });
  });

  it('validates the live preview with the create rules, and draws it', async () => {
    const c = await signedIn('dee@example.com', 'dee has a password');
    const bad = await c.request('POST', '/app/api/previews', { type: 'website', content: { url: 'javascript:alert(1)' }, colour: 'red' });
    expect(bad.status).toBe(422);
    const viaApi = await c.request('POST', '/api/public/v1/qrcodes', { type: 'website', content: { url: 'javascript:alert(1)' }, colour: 'red' });
    expect(bad.body.errors).toEqual(viaApi.body.errors);
    const good = await c.request<{ svg: string }>('POST', '/app/api/previews', { type: 'website', content: { url: 'https://example.com/a' } });
    expect(good.status).toBe(200);
    expect(good.body.svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });

  it('refuses a bad print sheet request before a byte of PDF, and streams a good one with its page count', async () => {
    const c = await signedIn('dee@example.com', 'dee has a password');
    const bad = await c.request('POST', '/app/api/print-sheets', { code_ids: ['qr_doesnotexist0000000000'], page_size: 'A5', columns: 0, colour: 'red' });
    expect(bad.status).toBe(422);
    expect((bad.body.errors as Array<{ pointer: string }>).map((e) => e.pointer).sort()).toEqual(['/colour', '/columns', '/page_size', '/rows']);
    const unknown = await c.request('POST', '/app/api/print-sheets', { code_ids: ['qr_doesnotexist0000000000'], preset: 'a4-1x1' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual([{ pointer: '/code_ids/0', code: 'not_found', detail: expect.any(String) }]);
    for (const name of ['Left', 'Right'])
      expect((await c.request('POST', '/api/public/v1/qrcodes', { type: 'website', name, content: { url: 'https://example.com' } })).status).toBe(201);
    const codes = await c.request<{ data: Array<{ id: string }> }>('GET', '/api/public/v1/qrcodes');
    expect(codes.body.data).toHaveLength(2);
    const sheet = await fetch(`${base}/app/api/print-sheets`, {
      method: 'POST',
      headers: {
        cookie: c.jar.header(),
        'content-type': 'application/json',
        'x-csrf-token': String((await c.request('GET', '/app/api/session')).body.csrf_token),
      },
      body: JSON.stringify({ code_ids: codes.body.data.map((d) => d.id), preset: 'a4-1x1', label: 'name', crop_marks: true }),
    });
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get('content-type')).toBe('application/pdf');
    expect(Number(sheet.headers.get('x-sheet-pages'))).toBe(codes.body.data.length);
    const pdf = Buffer.from(await sheet.arrayBuffer()).toString('latin1');
    expect(pdf).toMatch(new RegExp(`/Type /Pages\n/Count ${codes.body.data.length}\n`));
  });

  /** A member of two new workspaces, with a password, signed in; `other` is the workspace the session does not show yet. */
  const memberOfTwo = async (email: string, roles: [string, string]) => {
    const [first, second] = ['First', 'Second'].map((n) => admin(['workspace', 'create', '--name', `${n} of ${email}`, '--plan', 'pro'], env()).json);
    const password = `${email} has a password`;
    admin(['member', 'add', '--workspace', String(first.id), '--email', email, '--role', roles[0], '--password-stdin'], env(), `${password}\n`);
    admin(['member', 'add', '--workspace', String(second.id), '--email', email, '--role', roles[1]], env());
    const c = await signedIn(email, password);
    const me = (await c.request<{ workspace: { id: string }; workspaces: Array<{ id: string; role: string }> }>('GET', '/app/api/session')).body;
    expect(me.workspaces).toHaveLength(2);
    const other = me.workspaces.find((w) => w.id !== me.workspace.id)!;
    return { c, password, shown: me.workspace.id, other: other.id };
  };

  it('lets a viewer switch workspace, change their password and sign out, but not change the workspace', async () => {
    const { c, password, other } = await memberOfTwo('vic@example.com', ['viewer', 'viewer']);
    const write = await c.request('POST', '/api/public/v1/qrcodes', { type: 'text', category: 'static', content: { text: 'no' } });
    expect(write.status).toBe(403);
    expect((await c.request('POST', '/api/public/v1/folders', { name: 'no' })).status).toBe(403);
    const switched = await c.request('POST', '/app/api/session/workspace', { workspace_id: other });
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({ workspace: { id: other, role: 'viewer' } });
    expect((await c.request('POST', '/app/api/account/password', { current_password: password, new_password: 'vic chose a new one' })).status).toBe(200);
    expect((await c.request('DELETE', '/app/api/session')).status).toBe(200);
    expect((await c.request('GET', '/api/public/v1/qrcodes')).status).toBe(401);
  });

  it('refuses a request from a tab still showing the workspace another tab switched away from (409), and changes nothing', async () => {
    const { c, shown, other } = await memberOfTwo('gil@example.com', ['editor', 'editor']);
    // Another tab of the same browser switches the shared session to the other workspace.
    expect((await c.request('POST', '/app/api/session/workspace', { workspace_id: other })).status).toBe(200);
    const stale = await c.request(
      'POST',
      '/api/public/v1/qrcodes',
      { type: 'text', category: 'static', name: 'meant for the first', content: { text: 'x' } },
      { headers: { 'x-workspace-id': shown } },
    );
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'workspace_changed' });
    expect((await c.request('GET', '/app/api/usage', undefined, { headers: { 'x-workspace-id': shown } })).status).toBe(409);
    const list = await c.request<{ data: unknown[] }>('GET', '/api/public/v1/qrcodes', undefined, { headers: { 'x-workspace-id': other } });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(0);
    // The session's own routes are about the person, not a workspace: a stale tab can still switch back or sign out.
    expect((await c.request('POST', '/app/api/session/workspace', { workspace_id: shown }, { headers: { 'x-workspace-id': other } })).status).toBe(200);
    const fresh = await c.request(
      'POST',
      '/api/public/v1/qrcodes',
      { type: 'text', category: 'static', name: 'meant for the first', content: { text: 'x' } },
      { headers: { 'x-workspace-id': shown } },
    );
    expect(fresh.status).toBe(201);
  });

  /** POST /app/api/imports: the JSON lines of its answer, the last being the report. */
  const importCsv = async (c: ReturnType<typeof client>, csv: string) => {
    const res = await c.request('POST', '/app/api/imports', undefined, { contentType: 'text/csv', body: csv });
    expect(res.status).toBe(200);
    const lines = res.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.at(-1)).toMatchObject({ type: 'result' });
    return {
      lines,
      report: lines.at(-1) as { rows: number; created: number; existing: number; failed: number; errors: Array<{ line: number; code: string }> },
    };
  };

  it('imports the static rows of a file into a free workspace and reports each dynamic row, without stopping', async () => {
    const free = admin(['workspace', 'create', '--name', 'Free importer', '--plan', 'free'], env()).json;
    admin(['member', 'add', '--workspace', String(free.id), '--email', 'ivy@example.com', '--role', 'owner', '--password-stdin'], env(), 'ivy imports a lot');
    const c = await signedIn('ivy@example.com', 'ivy imports a lot');
    const rows = Array.from({ length: 120 }, (_, i) =>
      i % 3 === 0 ? `ref-${i},Dynamic ${i},website,dynamic,https://example.com/${i},` : `ref-${i},Static ${i},text,static,,hello ${i}`,
    );
    const csv = ['client_ref,name,type,category,url,text', ...rows].join('\n');
    const { lines, report } = await importCsv(c, csv);
    expect(lines.filter((l) => l.type === 'progress').map((l) => l.done)).toEqual([50, 100, 120]);
    expect(report).toMatchObject({ rows: 120, created: 80, existing: 0, failed: 40 });
    expect(report.errors.map((e) => e.line)).toEqual(rows.flatMap((_, i) => (i % 3 === 0 ? [i + 2] : [])));
    expect(new Set(report.errors.map((e) => e.code))).toEqual(new Set(['dynamic_allowance_exceeded']));
    const again = await importCsv(c, csv);
    expect(again.report).toMatchObject({ created: 0, existing: 80, failed: 40 });
  });

  it('exports codes to CSV and imports the file into another workspace as the same codes, awkward client_refs included', async () => {
    const { c, other } = await memberOfTwo('rob@example.com', ['owner', 'owner']);
    const made = [
      { type: 'website', name: 'Formula-looking ref', client_ref: '-1+1', content: { url: 'https://example.com/a?x=1,2' } },
      { type: 'text', category: 'static', name: 'Quotes "and" commas, too', client_ref: '=SUM(A1)', content: { text: 'line one\nline two' } },
      {
        type: 'wifi',
        category: 'static',
        name: 'Guest wifi',
        client_ref: '@guest',
        content: { ssid: 'Guest, 5 GHz', password: 'pass"word, ok', encryption: 'WPA' },
      },
    ];
    for (const body of made) expect((await c.request('POST', '/api/public/v1/qrcodes', body)).body).toMatchObject({ client_ref: body.client_ref });
    const exported = await c.request('GET', '/app/api/exports/codes.csv');
    expect(exported.status).toBe(200);
    expect(exported.text).not.toMatch(/\r\n[=+\-@]/);
    expect((await c.request('POST', '/app/api/session/workspace', { workspace_id: other })).status).toBe(200);
    const { report } = await importCsv(c, exported.text);
    expect(report).toMatchObject({ rows: 3, created: 3, failed: 0 });
    const imported = await c.request<{ data: Array<Record<string, unknown>> }>('GET', '/api/public/v1/qrcodes');
    for (const original of made) {
      expect(imported.body.data).toContainEqual(
        expect.objectContaining({
          client_ref: original.client_ref,
          name: original.name,
          type: original.type,
          content: expect.objectContaining(original.content),
        }),
      );
    }
  });

  it('answers the members routes as declared', async () => {
    const shop = admin(['workspace', 'create', '--name', 'Team shop', '--plan', 'pro'], env()).json;
    admin(['member', 'add', '--workspace', String(shop.id), '--email', 'olga@example.com', '--role', 'owner', '--password-stdin'], env(), 'olga owns the shop');
    const c = await signedIn('olga@example.com', 'olga owns the shop');
    const invited = await c.request<{ member: { id: string } }>('POST', '/app/api/members', { email: 'ivan@example.com', role: 'viewer' });
    expect(invited.status).toBe(201);
    const id = invited.body.member.id;
    expect((await c.request('PATCH', `/app/api/members/${id}`, { role: 'editor' })).body).toMatchObject({ member: { role: 'editor' }, api_keys_revoked: 0 });
    expect((await c.request('POST', `/app/api/members/${id}/invitation`)).status).toBe(200);
    expect((await c.request('GET', '/app/api/members')).body).toMatchObject({
      object: 'list',
      data: expect.arrayContaining([expect.objectContaining({ status: 'invited' })]),
    });
    expect((await c.request('DELETE', `/app/api/members/${id}/invitation`)).body).toMatchObject({ revoked: true });
    expect((await c.request('GET', '/app/api/audit-log')).body).toMatchObject({
      data: expect.arrayContaining([expect.objectContaining({ action: 'member.invited' })]),
    });
    expect((await c.request('POST', '/app/api/members', { email: 'not an email', role: 'boss' })).status).toBe(422);
    expect((await c.request('GET', '/app/api/print-sheets/presets')).status).toBe(200);
  });

  // Runs last: the answers of every test above, against the declarations of the dashboard's own API.
  it('answered every /app/api call as its declaration says', () => {
    expect(seen.length).toBeGreaterThan(40);
    expect(new Set(seen.map((e) => e.path.split('/')[3])).size).toBeGreaterThanOrEqual(8);
    expect(contractViolations(dashboardDocument(), seen)).toEqual([]);
  });
});
