import {
  admin,
  type AppProcess,
  call,
  createTempDir,
  createTestPostgres,
  type DnsResponder,
  rawRequest,
  startApp,
  startDnsResponder,
  type TempDir,
  type TestPostgres,
} from '@qr/testing';

type Code = { id: string; short_code: string; short_url: string };
type Problem = { code: string; detail: string; errors?: Array<{ pointer: string; code: string; detail: string }> };

/**
 * Chosen back-halves (`short_code` on create, bulk and PATCH) through the real HTTP server, on each
 * store: unique per domain, 409 `short_code_taken` naming the holder only within its workspace, and
 * served by the redirect route on the default host and on a verified custom domain (by Host).
 */
describe.each(['sqlite', 'postgres'] as const)('chosen back-halves (all-in-one on %s)', (kind) => {
  let dir: TempDir;
  let pg: TestPostgres | null = null;
  let dns: DnsResponder;
  let server: AppProcess;
  let key: string;
  let otherKey: string;
  let domainId: string;
  let env: Record<string, string>;
  const api = (path: string) => `${server.url}/api/public/v1${path}`;
  const post = <T = Code>(path: string, json: unknown, k = key) => call<T>(api(path), { method: 'POST', key: k, json });
  const patch = <T = Code>(id: string, json: unknown) => call<T>(api(`/qrcodes/${id}`), { method: 'PATCH', key, json });
  const scan = (path: string, host?: string, method = 'GET') => rawRequest(`${server.url}/${path}`, { method, headers: host ? { host } : {} });
  const newWorkspace = (name: string) => {
    const ws = admin(['workspace', 'create', '--name', name, '--plan', 'agency'], env).json;
    return String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'k'], env).json.secret);
  };

  beforeAll(async () => {
    dir = createTempDir('back-halves');
    dns = await startDnsResponder();
    if (kind === 'postgres') pg = await createTestPostgres('backhalf');
    env = pg ? { DATABASE_URL: pg.url, DATA_DIR: dir.path } : { DATA_DIR: dir.path };
    server = await startApp('all-in-one', { ...env, DNS_RESOLVER: dns.address, SHORT_BASE_URL: 'https://qr.example' });
    key = newWorkspace('mine');
    otherKey = newWorkspace('theirs');
    const domain = await post<{ id: string; verification: { value: string } }>('/domains', { hostname: 'go.brand.example' });
    dns.set('_qr-verify.go.brand.example', { TXT: [[domain.body.verification.value]] });
    expect((await post<{ status: string }>(`/domains/${domain.body.id}/verify`, {})).body.status).toBe('verified');
    domainId = domain.body.id;
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await dns?.close();
    await pg?.drop();
    dir?.remove();
  });

  it('creates a code on a chosen back-half, slash path included, and redirects it on the default host', async () => {
    const res = await post('/qrcodes', { type: 'website', content: { url: 'https://example.com/spring' }, short_code: 'Spring/2026-box_1' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ short_code: 'Spring/2026-box_1', short_url: 'https://qr.example/Spring/2026-box_1' });
    const hit = await scan('Spring/2026-box_1');
    expect(hit.status).toBe(302);
    expect(hit.headers.location).toBe('https://example.com/spring');
    // Case-sensitive, as generated codes are.
    expect((await scan('spring/2026-box_1')).status).toBe(404);
    const one = await post('/qrcodes', { type: 'website', content: { url: 'https://example.com/x' }, short_code: 'x' });
    expect((await scan(one.body.short_code)).status).toBe(302);
  });

  it('refuses a back-half the rule refuses, at /short_code, and a short_code on a static code', async () => {
    for (const [value, code] of [
      ['api/x', 'reserved'],
      ['01/09506000134352', 'reserved'],
      ['a//b', 'invalid'],
      ['x'.repeat(65), 'too_long'],
    ] as const) {
      const res = await post<Problem>('/qrcodes', { type: 'website', content: { url: 'https://example.com' }, short_code: value });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual([expect.objectContaining({ pointer: '/short_code', code })]);
    }
    const stat = await post<Problem>('/qrcodes', { type: 'text', content: { text: 'hi' }, short_code: 'static-one' });
    expect(stat.body.errors).toEqual([expect.objectContaining({ pointer: '/short_code', code: 'not_allowed_for_static' })]);
  });

  it('answers 409 short_code_taken naming the holder in the workspace, and not across workspaces', async () => {
    const holder = await post('/qrcodes', { type: 'website', content: { url: 'https://example.com/a' }, short_code: 'taken-here' });
    const again = await post<Problem>('/qrcodes', { type: 'website', content: { url: 'https://example.com/b' }, short_code: 'taken-here' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('short_code_taken');
    expect(again.body.errors).toEqual([{ pointer: '/short_code', code: 'taken', detail: expect.stringContaining(holder.body.id) }]);
    const theirs = await post<Problem>('/qrcodes', { type: 'website', content: { url: 'https://example.com/b' }, short_code: 'taken-here' }, otherKey);
    expect(theirs.status).toBe(409);
    expect(JSON.stringify(theirs.body)).not.toContain(holder.body.id);
    expect(theirs.body.errors![0].detail).toBe('"taken-here" is taken on this domain');
    // The same client_ref sent again answers the code it made, not a conflict with itself.
    const first = await post('/qrcodes', { type: 'website', content: { url: 'https://example.com/c' }, short_code: 'resent', client_ref: 'resent-1' });
    const resent = await post('/qrcodes', { type: 'website', content: { url: 'https://example.com/c' }, short_code: 'resent', client_ref: 'resent-1' });
    expect([first.status, resent.status, resent.body.id]).toEqual([201, 200, first.body.id]);
  });

  it('keeps a short code unique per domain: the same path on a custom domain is another code, served there only', async () => {
    const onDefault = await post('/qrcodes', { type: 'website', content: { url: 'https://example.com/default' }, short_code: 'promo' });
    const onDomain = await post('/qrcodes', {
      type: 'website',
      content: { url: 'https://example.com/brand' },
      short_code: 'promo',
      custom_domain_id: domainId,
    });
    expect([onDefault.status, onDomain.status]).toEqual([201, 201]);
    expect(onDomain.body.short_url).toBe('https://go.brand.example/promo');
    expect((await scan('promo')).headers.location).toBe('https://example.com/default');
    expect((await scan('promo', 'go.brand.example')).headers.location).toBe('https://example.com/brand');
    expect((await scan('promo', 'GO.brand.example:443')).headers.location).toBe('https://example.com/brand');
    // A default-host code does not answer on the custom domain, nor the domain's on the default host.
    expect((await scan('taken-here', 'go.brand.example')).status).toBe(404);
    const generated = await post('/qrcodes', { type: 'website', content: { url: 'https://example.com/gen' }, custom_domain_id: domainId });
    expect((await scan(generated.body.short_code, 'go.brand.example')).status).toBe(302);
    expect((await scan(generated.body.short_code)).status).toBe(404);
    const twice = await post<Problem>('/qrcodes', {
      type: 'website',
      content: { url: 'https://example.com/b' },
      short_code: 'promo',
      custom_domain_id: domainId,
    });
    expect(twice.status).toBe(409);
  });

  it('takes short_code per item in bulk, with pointers /items/N/short_code, all or nothing', async () => {
    const items = [
      { type: 'website', content: { url: 'https://example.com/1' }, short_code: 'bulk-1' },
      { type: 'website', content: { url: 'https://example.com/2' }, short_code: 'bulk-1' },
      { type: 'website', content: { url: 'https://example.com/3' }, short_code: 'api' },
    ];
    const bad = await post<Problem>('/qrcodes/bulk', { items });
    expect(bad.status).toBe(422);
    expect(bad.body.errors!.map((e) => [e.pointer, e.code])).toEqual([
      ['/items/2/short_code', 'reserved'],
      ['/items/1/short_code', 'duplicate'],
    ]);
    const dup = await post<Problem>('/qrcodes/bulk', { items: items.slice(0, 2) });
    expect(dup.body.errors!.map((e) => [e.pointer, e.code])).toEqual([['/items/1/short_code', 'duplicate']]);
    const taken = await post<Problem>('/qrcodes/bulk', { items: [items[0], { ...items[1], short_code: 'promo' }] });
    expect(taken.status).toBe(409);
    expect(taken.body.errors!.map((e) => [e.pointer, e.code])).toEqual([['/items/1/short_code', 'taken']]);
    expect((await scan('bulk-1')).status).toBe(404);
    const ok = await post<{ data: Array<{ qr_code: Code }> }>('/qrcodes/bulk', { items: [items[0], { ...items[1], short_code: 'bulk-2' }] });
    expect(ok.body.data.map((r) => r.qr_code.short_code)).toEqual(['bulk-1', 'bulk-2']);
    expect((await scan('bulk-2')).headers.location).toBe('https://example.com/2');
  });

  it('changes a short code on PATCH while the code was never scanned; then the old path is gone', async () => {
    const code = await post('/qrcodes', { type: 'website', content: { url: 'https://example.com/moving' }, short_code: 'before' });
    expect((await scan('before', undefined, 'HEAD')).status).toBe(302);
    const moved = await patch(code.body.id, { short_code: 'after/move' });
    expect(moved.status).toBe(200);
    expect(moved.body.short_url).toBe('https://qr.example/after/move');
    expect((await scan('before')).status).toBe(404);
    expect((await scan('after/move')).headers.location).toBe('https://example.com/moving');
    const clash = await patch<Problem>(code.body.id, { short_code: 'promo' });
    expect([clash.status, clash.body.code]).toEqual([409, 'short_code_scanned']);
    const fresh = await post('/qrcodes', { type: 'website', content: { url: 'https://example.com/fresh' } });
    const taken = await patch<Problem>(fresh.body.id, { short_code: 'promo' });
    expect([taken.status, taken.body.code]).toEqual([409, 'short_code_taken']);
    const cleared = await patch<Problem>(fresh.body.id, { short_code: null });
    expect(cleared.body.errors).toEqual([expect.objectContaining({ pointer: '/short_code', code: 'invalid' })]);
  });
});
