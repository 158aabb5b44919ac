import Database from 'better-sqlite3';
import { join } from 'node:path';
import { HONEYPOT_FIELD } from '@qr/hosted-pages';
import { admin, type AppProcess, call, createTempDir, rawRequest, startApp, type TempDir } from '@qr/testing';
import { committedEvents } from './support-events';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

type Code = { id: string; short_code: string; short_url: string };

describe('short links (all-in-one)', () => {
  let dir: TempDir;
  let server: AppProcess;
  let key: string;
  const api = (path: string) => `${server.url}/api/public/v1${path}`;
  const create = async (body: Record<string, unknown>) => {
    const res = await call<Code>(api('/qrcodes'), { method: 'POST', key, json: body });
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
    return res.body;
  };
  const scan = (code: string, headers: Record<string, string> = {}, method = 'GET') =>
    rawRequest(`${server.url}/${code}`, { method, headers: { 'user-agent': DESKTOP, ...headers } });
  const scanCount = (qrId: string) => {
    const db = new Database(join(dir.path, 'redirect.sqlite'), { readonly: true });
    const row = db.prepare('SELECT scan_count FROM links WHERE qr_id = ?').get(qrId) as { scan_count: number };
    db.close();
    return row.scan_count;
  };

  beforeAll(async () => {
    dir = createTempDir('redirect-e2e');
    server = await startApp('all-in-one', { DATA_DIR: dir.path, TRUST_PROXY: 'true', GEO_HEADER: 'X-Country' });
    const ws = admin(['workspace', 'create', '--name', 'scan', '--plan', 'agency'], { DATA_DIR: dir.path }).json;
    key = String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'k'], { DATA_DIR: dir.path }).json.secret);
  });
  afterAll(async () => {
    await server?.stop();
    dir?.remove();
  });

  it('redirects the very next scan after create and after a PATCH, with UTM fields, never cached; HEAD is not counted', async () => {
    const code = await create({ type: 'website', content: { url: 'https://example.com/landing?x=1' }, utm_source: 'box', utm_campaign: 'spring' });
    const first = await scan(code.short_code);
    expect(first.status).toBe(302);
    expect(first.headers.location).toBe('https://example.com/landing?x=1&utm_source=box&utm_campaign=spring');
    expect(first.headers['cache-control']).toBe('no-store');
    const head = await scan(code.short_code, {}, 'HEAD');
    expect(head.status).toBe(302);
    expect(scanCount(code.id)).toBe(1);
    await call(api(`/qrcodes/${code.id}`), { method: 'PATCH', key, json: { destinations: [{ target_url: 'https://example.org/new' }] } });
    expect((await scan(code.short_code)).headers.location).toBe('https://example.org/new?utm_source=box&utm_campaign=spring');
    await call(api(`/qrcodes/${code.id}`), { method: 'PATCH', key, json: { utm_source: 'poster', utm_campaign: null } });
    expect((await scan(code.short_code)).headers.location).toBe('https://example.org/new?utm_source=poster');
    await call(api(`/qrcodes/${code.id}`), { method: 'PATCH', key, json: { status: 'paused' } });
    expect((await scan(code.short_code)).status).toBe(403);
    expect(scanCount(code.id)).toBe(3);
    // The first test of the file: these are every short-link request the process has answered.
    const scans = async (outcome: string) => {
      const metrics = await (await fetch(`${server.url}/metrics`)).text();
      return Number(new RegExp(`^qr_scans_total\\{outcome="${outcome}"[^}]*\\} (\\d+)$`, 'm').exec(metrics)?.[1]);
    };
    expect([await scans('open'), await scans('head'), await scans('paused')]).toEqual([3, 1, 1]);
    await scan(code.short_code);
    expect([await scans('open'), await scans('paused')]).toEqual([3, 2]);
  });

  it('answers every closed state with its status and a small page, or the fallback URL', async () => {
    const unknown = await scan('Zz9Zz9Z');
    expect(unknown.status).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/text\/html/);
    expect(unknown.headers['content-security-policy']).toContain("default-src 'none'");

    const gone = await create({ type: 'website', content: { url: 'https://example.com' } });
    await call(api(`/qrcodes/${gone.id}`), { method: 'DELETE', key });
    expect((await scan(gone.short_code)).status).toBe(410);

    const later = await create({ type: 'website', content: { url: 'https://example.com' }, start_at: '2099-01-01T09:00:00+01:00' });
    const scheduled = await scan(later.short_code);
    expect(scheduled.status).toBe(403);
    expect(scheduled.body).toMatch(/2099/);

    const over = await create({ type: 'website', content: { url: 'https://example.com' }, start_at: '2020-01-01T00:00:00Z', end_at: '2021-01-01T00:00:00Z' });
    expect((await scan(over.short_code)).status).toBe(410);

    const hour = new Date().getUTCHours();
    const window = {
      daily_start: `${String((hour + 2) % 24).padStart(2, '0')}:00`,
      daily_end: `${String((hour + 3) % 24).padStart(2, '0')}:00`,
      timezone: 'UTC',
    };
    const closedNow = await create({ type: 'website', content: { url: 'https://example.com' }, ...window });
    expect((await scan(closedNow.short_code)).status).toBe(403);

    const withFallback = await create({
      type: 'website',
      content: { url: 'https://example.com' },
      status: 'paused',
      fallback_url: 'https://example.com/sorry',
    });
    const fb = await scan(withFallback.short_code);
    expect(fb.status).toBe(302);
    expect(fb.headers.location).toBe('https://example.com/sorry');
  });

  it('chooses a smart destination by device, OS, country (trusted proxy header) and language; the first entry is the default', async () => {
    const code = await create({
      type: 'website',
      destinations: [
        { target_url: 'https://example.com/default' },
        { target_url: 'https://example.com/de', country: 'DE' },
        { target_url: 'https://example.com/ios', os: 'ios' },
        { target_url: 'https://example.com/fr-speaker', language: 'fr' },
      ],
    });
    expect((await scan(code.short_code)).headers.location).toBe('https://example.com/default');
    expect((await scan(code.short_code, { 'x-country': 'DE' })).headers.location).toBe('https://example.com/de');
    expect((await scan(code.short_code, { 'user-agent': IPHONE })).headers.location).toBe('https://example.com/ios');
    expect((await scan(code.short_code, { 'accept-language': 'fr-CH,fr;q=0.9' })).headers.location).toBe('https://example.com/fr-speaker');
  });

  it('records what a scan is, and nothing that identifies the person', async () => {
    const code = await create({ type: 'website', content: { url: 'https://example.com' } });
    await scan(code.short_code, { 'user-agent': IPHONE, 'x-country': 'FR', 'x-forwarded-for': '203.0.113.77' });
    await scan(code.short_code, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    const scans = committedEvents(dir.path, code.id)
      .filter((e) => e.type === 'qr.scanned')
      .sort((a, b) => Number(a.data.scan_number) - Number(b.data.scan_number));
    expect(scans).toHaveLength(2);
    expect(scans[0].data).toMatchObject({
      qr_id: code.id,
      short_code: code.short_code,
      device: 'mobile',
      os: 'iOS',
      browser: expect.stringMatching(/Safari/),
      country: 'FR',
      is_bot: false,
      scan_number: 1,
    });
    expect(scans[1].data).toMatchObject({ is_bot: true, scan_number: 2 });
    expect(JSON.stringify(scans)).not.toContain('203.0.113.77');
    expect(JSON.stringify(scans)).not.toContain('iPhone OS 17_4');
  });

  it('gives exactly 100 redirects and one limit event for 1,000 concurrent scans on a limit of 100', async () => {
    const code = await create({ type: 'website', content: { url: 'https://example.com/limited' }, scan_limit: 100 });
    const results = await Promise.all(Array.from({ length: 1000 }, () => scan(code.short_code)));
    expect(results.filter((r) => r.status === 302)).toHaveLength(100);
    expect(results.filter((r) => r.status === 410)).toHaveLength(900);
    const events = committedEvents(dir.path, code.id);
    expect(events.filter((e) => e.type === 'qr.scan_limit_reached')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'qr.scanned')).toHaveLength(100);
    expect(scanCount(code.id)).toBe(100);
    // The API reads the count where the redirect recorded it: exact at once, whatever the event pipeline's lag.
    const api410 = await call<{ state: string; scan_count: number }>(api(`/qrcodes/${code.id}`), { key });
    expect(api410.body).toMatchObject({ state: 'limit_reached', scan_count: 100 });
  });

  it('serves hosted menu, form and vCard pages, escaped and under a strict CSP; form leads are stored with their event', async () => {
    const menu = await create({
      type: 'menu',
      content: { title: '<script>alert(1)</script> Café', currency: 'EUR', sections: [{ name: 'Drinks', items: [{ name: 'Tea "green"', price: 3.5 }] }] },
    });
    const page = await scan(menu.short_code);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('<script>');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Café');
    expect(page.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(page.headers['content-security-policy']).not.toMatch(/unsafe-inline/);

    const form = await create({
      type: 'form',
      content: {
        title: 'Contact',
        fields: [
          { name: 'email', label: 'Email', type: 'email', required: true },
          { name: 'note', label: 'Note', type: 'textarea' },
        ],
      },
    });
    expect((await scan(form.short_code)).body).toContain('name="email"');
    const post = (fields: Record<string, string>) =>
      rawRequest(`${server.url}/${form.short_code}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
    expect((await post({ email: 'not-an-email' })).status).toBe(422);
    expect((await post({ email: 'lead@example.com', note: 'hi <b>there</b>' })).status).toBe(200);
    expect((await post({ email: 'bot@example.com', [HONEYPOT_FIELD]: 'http://spam.example' })).status).toBe(200);
    const leads = committedEvents(dir.path, form.id).filter((e) => e.type === 'lead.created');
    expect(leads).toHaveLength(1);
    expect(leads[0].data.fields).toEqual({ email: 'lead@example.com', note: 'hi <b>there</b>' });

    const card = await create({ type: 'vcard', category: 'dynamic', content: { first_name: 'Zoë', last_name: 'Müller', email: 'zoe@example.com' } });
    expect((await scan(card.short_code)).body).toContain('Zoë');
    const vcf = await rawRequest(`${server.url}/${card.short_code}.vcf`);
    expect(vcf.headers['content-type']).toMatch(/text\/vcard/);
    expect(vcf.body).toContain('FN:Zoë Müller');
  });
});
