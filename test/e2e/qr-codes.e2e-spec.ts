import Database from 'better-sqlite3';
import { join } from 'node:path';
import {
  admin,
  type AppProcess,
  call,
  createTempDir,
  decodeImage,
  type DnsResponder,
  type HttpResult,
  startApp,
  startDnsResponder,
  type TempDir,
} from '@qr/testing';

type Code = Record<string, unknown> & { id: string; short_url: string | null; preview_url: string; client_ref: string | null };

describe('QR codes API (all-in-one)', () => {
  let dir: TempDir;
  let dns: DnsResponder;
  let server: AppProcess;
  let key: string;
  let otherKey: string;
  let workspaceId: string;
  const env = () => ({ DATA_DIR: dir.path });
  const api = (path: string) => `${server.url}/api/public/v1${path}`;
  const post = (path: string, json: unknown, k = key) => call<Code>(api(path), { method: 'POST', key: k, json });
  const gatewayDb = () => new Database(join(dir.path, 'gateway.sqlite'));
  const newWorkspace = (plan: string) => {
    const ws = admin(['workspace', 'create', '--name', `ws-${plan}`, '--plan', plan], env()).json;
    return { id: String(ws.id), key: String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'k'], env()).json.secret) };
  };

  beforeAll(async () => {
    dir = createTempDir('qr-e2e');
    dns = await startDnsResponder();
    server = await startApp('all-in-one', { ...env(), DNS_RESOLVER: dns.address, SHORT_BASE_URL: 'https://qr.example' });
    ({ id: workspaceId, key } = newWorkspace('agency'));
    otherKey = newWorkspace('agency').key;
  });
  afterAll(async () => {
    await server?.stop();
    await dns?.close();
    dir?.remove();
  });

  it('creates a dynamic website code whose preview and image decode to its short URL', async () => {
    const res = await post('/qrcodes', { type: 'website', name: 'Box', content: { url: 'https://example.com/landing' }, utm_source: 'box' });
    expect(res.status).toBe(201);
    const code = res.body;
    expect(code).toMatchObject({ object: 'qr_code', type: 'website', category: 'dynamic', status: 'active', state: 'active', scan_count: 0 });
    expect(code.short_url).toMatch(/^https:\/\/qr\.example\/[0-9A-Za-z]{7}$/);
    expect(code.destinations).toEqual([{ target_url: 'https://example.com/landing' }]);
    expect(code.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

    const preview = await fetch(code.preview_url.replace(/^https?:\/\/[^/]+/, server.url));
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const etag = preview.headers.get('etag')!;
    expect(decodeImage(Buffer.from(await preview.arrayBuffer()), 'svg')).toBe(code.short_url);
    const cached = await fetch(code.preview_url.replace(/^https?:\/\/[^/]+/, server.url), { headers: { 'if-none-match': etag } });
    expect(cached.status).toBe(304);

    for (const format of ['svg', 'png'] as const) {
      const image = await fetch(api(`/qrcodes/${code.id}/image?format=${format}&ecc=H&margin=2&size=400`), { headers: { authorization: `Bearer ${key}` } });
      expect(image.headers.get('content-disposition')).toBe(`attachment; filename="${code.id}.${format}"`);
      expect(decodeImage(Buffer.from(await image.arrayBuffer()), format)).toBe(code.short_url);
    }
    const pdf = await fetch(api(`/qrcodes/${code.id}/image?format=pdf`), { headers: { authorization: `Bearer ${key}` } });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const bad = await call(api(`/qrcodes/${code.id}/image?format=gif&margin=99`), { key });
    expect(bad.status).toBe(422);
    expect((bad.body.errors as Array<{ pointer: string }>).map((e) => e.pointer).sort()).toEqual(['/format', '/margin']);
  });

  it.each([
    ['text', { text: 'Hello, world' }, 'Hello, world'],
    ['wifi', { ssid: 'Grüße-Netz', password: 'pässwört12', encryption: 'WPA' }, 'WIFI:T:WPA;S:Grüße-Netz;P:pässwört12;;'],
    ['vcard', { first_name: 'Zoë', last_name: 'Müller', organization: 'Café; Bar' }, null],
    ['phone', { number: '+4930123456' }, 'tel:+4930123456'],
    ['email', { to: 'ana@example.com', subject: 'Hi' }, 'mailto:ana@example.com?subject=Hi'],
    ['sms', { number: '+4930123456', message: 'Hallo' }, 'SMSTO:+4930123456:Hallo'],
    ['location', { latitude: 52.52, longitude: 13.405 }, 'geo:52.52,13.405'],
    ['website', { url: 'https://example.com/über?q=ä' }, 'https://example.com/über?q=ä'],
  ])('renders a static %s code that decodes to exactly its data', async (type, content, expected) => {
    const res = await post('/qrcodes', { type, category: 'static', content });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ category: 'static', short_code: null, short_url: null });
    const png = await fetch(api(`/qrcodes/${res.body.id}/image?format=png`), { headers: { authorization: `Bearer ${key}` } });
    const decoded = decodeImage(Buffer.from(await png.arrayBuffer()), 'png');
    if (expected !== null) expect(decoded).toBe(expected);
    else expect(decoded).toContain('FN:Zoë Müller');
    const svg = await fetch(res.body.preview_url.replace(/^https?:\/\/[^/]+/, server.url));
    expect(decodeImage(Buffer.from(await svg.arrayBuffer()), 'svg')).toBe(decoded);
  });

  it('returns the existing code unchanged for a used client_ref, also under 20 concurrent requests', async () => {
    const first = await post('/qrcodes', { type: 'website', content: { url: 'https://example.com/1' }, client_ref: 'order-1' });
    expect(first.status).toBe(201);
    const again = await post('/qrcodes', { type: 'website', content: { url: 'https://example.com/other' }, client_ref: 'order-1' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);

    const burst = await Promise.all(
      Array.from({ length: 20 }, () => post('/qrcodes', { type: 'website', content: { url: 'https://example.com/b' }, client_ref: 'burst' })),
    );
    expect(burst.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    expect(burst.filter((r) => r.status === 201)).toHaveLength(1);
    expect(new Set(burst.map((r) => r.body.id)).size).toBe(1);
    const listed = await call<{ data: Code[] }>(api('/qrcodes?client_ref=burst'), { key });
    expect(listed.body.data).toHaveLength(1);
  });

  it('validates input strictly: pointers, unknown fields, static-only rules, hostile URLs; nothing is written', async () => {
    const before = await countCodes();
    const cases: Array<[unknown, string, string]> = [
      [{ type: 'website', content: { url: 'javascript:alert(1)' } }, '/content/url', 'unsupported_scheme'],
      [{ type: 'website', content: { url: 'https://a.example/\u0000x' } }, '/content/url', 'invalid_url'],
      [{ type: 'website', content: { url: 'https://example.com', extra: 1 } }, '/content/extra', 'unknown_field'],
      [{ type: 'text', category: 'static', content: { text: 'x' }, scan_limit: 5 }, '/scan_limit', 'not_allowed_for_static'],
      [{ type: 'website', content: { url: 'https://example.com' }, start_at: '2026-01-01T10:00:00' }, '/start_at', 'invalid_timestamp'],
      [{ type: 'wifi', category: 'dynamic', content: { ssid: 'x', encryption: 'nopass' } }, '/category', 'not_allowed_for_type'],
      [{ type: 'website', content: { url: 'https://example.com' }, surprise: true }, '/surprise', 'unknown_field'],
    ];
    for (const [body, pointer, code] of cases) {
      const res = await post('/qrcodes', body);
      expect({ status: res.status, errors: res.body.errors }).toEqual({
        status: 422,
        errors: expect.arrayContaining([expect.objectContaining({ pointer, code })]),
      });
    }
    expect(await countCodes()).toBe(before);
    const big = await post('/qrcodes', { type: 'text', content: { text: 'x'.repeat(2000) } });
    expect(big.status).toBe(201);
    const atH = await call(api(`/qrcodes/${big.body.id}/image?ecc=H`), { key });
    expect(atH.status).toBe(422);
    expect(atH.body.errors).toEqual([expect.objectContaining({ pointer: '/ecc', code: 'too_large_for_ecc' })]);
    expect((await fetch(api(`/qrcodes/${big.body.id}/image?ecc=L`), { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
  });

  it('bulk-creates, re-sends idempotently, and refuses a batch with one bad item without writing any', async () => {
    const items = Array.from({ length: 8 }, (_, i) => ({ type: 'website', content: { url: `https://example.com/${i}` }, client_ref: `bulk-${i}` }));
    const first = await post('/qrcodes/bulk', { items });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ object: 'list', created: 8, existing: 0 });
    const again = await post('/qrcodes/bulk', { items });
    expect(again.body).toMatchObject({ created: 0, existing: 8 });
    expect((again.body.data as Array<{ qr_code: Code }>).map((d) => d.qr_code.id)).toEqual(
      (first.body.data as Array<{ qr_code: Code }>).map((d) => d.qr_code.id),
    );

    const before = await countCodes();
    const bad = [...items.map((it, i) => ({ ...it, client_ref: `bad-${i}` }))];
    bad[6] = { ...bad[6], content: { url: 'ftp://example.com' } };
    const refused = await post('/qrcodes/bulk', { items: bad });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([expect.objectContaining({ pointer: '/items/6/content/url' })]);
    const tooMany = await post('/qrcodes/bulk', { items: Array.from({ length: 51 }, () => items[0]) });
    expect(tooMany.status).toBe(422);
    expect(await countCodes()).toBe(before);
  });

  it('checks the dynamic allowance for the whole batch first: a batch that does not fit creates nothing', async () => {
    const pro = newWorkspace('pro');
    const db = gatewayDb();
    db.prepare('INSERT INTO dynamic_allowance (workspace_id, used) VALUES (?, ?)').run(pro.id, 298);
    const items = Array.from({ length: 3 }, (_, i) => ({ type: 'website', content: { url: `https://example.com/${i}` } }));
    const refused = await post('/qrcodes/bulk', { items }, pro.key);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('dynamic_allowance_exceeded');
    const listed = await call<{ data: Code[] }>(api('/qrcodes'), { key: pro.key });
    expect(listed.body.data).toHaveLength(0);
    const statics = Array.from({ length: 5 }, (_, i) => ({ type: 'text', content: { text: `t${i}` } }));
    const mixed = await post('/qrcodes/bulk', { items: [...items.slice(0, 2), ...statics] }, pro.key);
    expect(mixed.body).toMatchObject({ created: 7 });
    expect((db.prepare('SELECT used FROM dynamic_allowance WHERE workspace_id = ?').get(pro.id) as { used: number }).used).toBe(300);
    const id = (mixed.body.data as Array<{ qr_code: Code }>)[0].qr_code.id;
    expect((await call(api(`/qrcodes/${id}`), { method: 'DELETE', key: pro.key })).status).toBe(200);
    expect((db.prepare('SELECT used FROM dynamic_allowance WHERE workspace_id = ?').get(pro.id) as { used: number }).used).toBe(299);
    db.close();
  });

  it('refuses a bulk batch larger than the calls left this month, creating nothing', async () => {
    const ws = newWorkspace('agency');
    const db = gatewayDb();
    const period = new Date().toISOString().slice(0, 7);
    db.prepare('INSERT INTO usage_counters (workspace_id, period, calls) VALUES (?, ?, ?)').run(ws.id, period, 24_995);
    const items = Array.from({ length: 10 }, (_, i) => ({ type: 'text', content: { text: `${i}` } }));
    const refused = await post('/qrcodes/bulk', { items }, ws.key);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('quota_exceeded');
    expect((db.prepare('SELECT calls FROM usage_counters WHERE workspace_id = ?').get(ws.id) as { calls: number }).calls).toBe(24_995);
    const fits = await post('/qrcodes/bulk', { items: items.slice(0, 5) }, ws.key);
    expect(fits.status).toBe(200);
    expect((db.prepare('SELECT calls FROM usage_counters WHERE workspace_id = ?').get(ws.id) as { calls: number }).calls).toBe(25_000);
    db.close();
  });

  it('patches what may change, refuses what may not, and deletes', async () => {
    const code = (await post('/qrcodes', { type: 'website', content: { url: 'https://example.com/a' } })).body;
    const patched = await call<Code>(api(`/qrcodes/${code.id}`), {
      method: 'PATCH',
      key,
      json: {
        destinations: [{ target_url: 'https://example.com/b' }, { target_url: 'https://m.example.com', device: 'mobile' }],
        status: 'paused',
        scan_limit: 10,
      },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      status: 'paused',
      state: 'paused',
      scan_limit: 10,
      content: { url: 'https://example.com/b' },
      short_code: code.short_code,
    });
    const cleared = await call<Code>(api(`/qrcodes/${code.id}`), { method: 'PATCH', key, json: { scan_limit: null, status: 'active' } });
    expect(cleared.body).toMatchObject({ scan_limit: null, state: 'active' });
    const immutable = await call(api(`/qrcodes/${code.id}`), { method: 'PATCH', key, json: { type: 'text', client_ref: 'x' } });
    expect(immutable.status).toBe(422);
    const fixed = (await post('/qrcodes', { type: 'text', category: 'static', content: { text: 'printed' } })).body;
    const staticPatch = await call(api(`/qrcodes/${fixed.id}`), { method: 'PATCH', key, json: { content: { text: 'changed' } } });
    expect(staticPatch.status).toBe(422);
    expect(staticPatch.body.errors).toEqual([expect.objectContaining({ pointer: '/content', code: 'immutable_for_static' })]);
    expect((await call(api(`/qrcodes/${fixed.id}`), { method: 'PATCH', key, json: { name: 'Renamed' } })).body).toMatchObject({ name: 'Renamed' });

    expect((await call(api(`/qrcodes/${code.id}`), { method: 'DELETE', key })).body).toEqual({ id: code.id, object: 'qr_code', deleted: true });
    expect((await call(api(`/qrcodes/${code.id}`), { key })).status).toBe(404);
    expect((await call(api(`/qrcodes/${code.id}`), { method: 'DELETE', key })).status).toBe(404);
  });

  it('never shows one workspace another’s code, for any verb', async () => {
    const code = (await post('/qrcodes', { type: 'website', content: { url: 'https://example.com/mine' }, client_ref: 'mine' })).body;
    const probes: Array<Promise<HttpResult>> = [
      call(api(`/qrcodes/${code.id}`), { key: otherKey }),
      call(api(`/qrcodes/${code.id}`), { method: 'PATCH', key: otherKey, json: { name: 'x' } }),
      call(api(`/qrcodes/${code.id}`), { method: 'DELETE', key: otherKey }),
      call(api(`/qrcodes/${code.id}/image`), { key: otherKey }),
    ];
    for (const res of await Promise.all(probes)) expect({ status: res.status, code: res.body?.code }).toEqual({ status: 404, code: 'not_found' });
    const theirs = await call<{ data: Code[] }>(api('/qrcodes?client_ref=mine'), { key: otherKey });
    expect(theirs.body.data).toEqual([]);
    const sameRef = await post('/qrcodes', { type: 'website', content: { url: 'https://example.com/theirs' }, client_ref: 'mine' }, otherKey);
    expect(sameRef.status).toBe(201);
    expect(sameRef.body.id).not.toBe(code.id);
    expect((await call<Code>(api(`/qrcodes/${code.id}`), { key })).body.name).toBe(code.name);
  });

  it('pages through codes with a cursor and filters them', async () => {
    const ws = newWorkspace('agency');
    const folder = await call<Code>(api('/folders'), { method: 'POST', key: ws.key, json: { name: 'Spring' } });
    expect(folder.status).toBe(201);
    for (let i = 0; i < 5; i++) await post('/qrcodes', { type: 'text', content: { text: `${i}` }, folder_id: i < 2 ? folder.body.id : null }, ws.key);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const pageRes: HttpResult<{ data: Code[]; has_more: boolean; next_cursor: string | null }> = await call(
        api(`/qrcodes?limit=2${cursor ? `&cursor=${cursor}` : ''}`),
        { key: ws.key },
      );
      seen.push(...pageRes.body.data.map((c) => c.id));
      cursor = pageRes.body.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    const inFolder = await call<{ data: Code[] }>(api(`/qrcodes?folder_id=${folder.body.id}`), { key: ws.key });
    expect(inFolder.body.data).toHaveLength(2);
    expect((await call(api('/qrcodes?status=weird&limit=0'), { key: ws.key })).status).toBe(422);
    expect((await post('/qrcodes', { type: 'text', content: { text: 'x' }, folder_id: 'fld_nope' }, ws.key)).body.errors).toEqual([
      expect.objectContaining({ pointer: '/folder_id', code: 'not_found' }),
    ]);
  });

  it('verifies a custom domain through DNS TXT and puts it in the short URL', async () => {
    const created = await call<{ id: string; status: string; verification: { name: string; value: string; last_error: string | null } }>(api('/domains'), {
      method: 'POST',
      key,
      json: { hostname: 'Go.Shop.Example' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ hostname: 'go.shop.example', status: 'pending', verification: { name: '_qr-verify.go.shop.example' } });
    const early = await call<typeof created.body>(api(`/domains/${created.body.id}/verify`), { method: 'POST', key });
    expect(early.body.status).toBe('pending');
    expect(early.body.verification.last_error).toMatch(/no TXT record/);
    expect((await post('/qrcodes', { type: 'website', content: { url: 'https://example.com' }, custom_domain_id: created.body.id })).status).toBe(422);

    dns.set('_qr-verify.go.shop.example', { TXT: [['unrelated'], [created.body.verification.value]] });
    const verified = await call<typeof created.body>(api(`/domains/${created.body.id}/verify`), { method: 'POST', key });
    expect(verified.body.status).toBe('verified');
    const code = await post('/qrcodes', { type: 'website', content: { url: 'https://example.com' }, custom_domain_id: created.body.id });
    expect(code.body.short_url).toBe(`https://go.shop.example/${code.body.short_code}`);
    const preview = await fetch(code.body.preview_url.replace(/^https?:\/\/[^/]+/, server.url));
    expect(decodeImage(Buffer.from(await preview.arrayBuffer()), 'svg')).toBe(code.body.short_url);
    expect((await call(api('/domains'), { method: 'POST', key: otherKey, json: { hostname: 'go.shop.example' } })).body.errors).toEqual([
      expect.objectContaining({ code: 'taken' }),
    ]);
    expect((await call(api(`/domains/${created.body.id}/verify`), { method: 'POST', key: otherKey })).status).toBe(404);
  });

  async function countCodes(): Promise<number> {
    const db = new Database(join(dir.path, 'qr.sqlite'), { readonly: true });
    const n = (db.prepare('SELECT COUNT(*) AS n FROM qr_codes WHERE workspace_id = ?').get(workspaceId) as { n: number }).n;
    db.close();
    return n;
  }
});
