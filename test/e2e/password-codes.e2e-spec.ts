import { createServer, type IncomingMessage, type Server } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { admin, type AppProcess, call, createTempDir, rawRequest, startApp, type TempDir, waitUntil } from '@qr/testing';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const SECRET = 'open sesame 41';
const TARGET = 'https://example.com/members-only';

type Code = { id: string; short_code: string; password_protected: boolean; scan_count: number };

/**
 * Password-protected codes through the real all-in-one, as a phone without JavaScript meets them:
 * plain GETs and an urlencoded form POST to the code's own path.
 */
describe('password-protected codes (all-in-one)', () => {
  let dir: TempDir;
  let server: AppProcess;
  let hooks: Server;
  let key: string;
  let hookSecret: string;
  const received: Array<{ headers: IncomingMessage['headers']; body: string }> = [];
  const api = (path: string) => `${server.url}/api/public/v1${path}`;
  const get = (code: string, headers: Record<string, string> = {}, method = 'GET') =>
    rawRequest(`${server.url}/${code}`, { method, headers: { 'user-agent': PHONE, ...headers } });
  const post = (code: string, password: string, ip = '203.0.113.7', ua = PHONE) =>
    rawRequest(`${server.url}/${code}`, {
      method: 'POST',
      headers: { 'user-agent': ua, 'x-forwarded-for': ip, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ password }).toString(),
    });
  const read = async (id: string) => (await call<Code>(api(`/qrcodes/${id}`), { key })).body;
  const scannedHooks = () =>
    received.map((r) => new Webhook(hookSecret).verify(r.body, r.headers as Record<string, string>) as { type: string; data: { qr_id: string } });

  beforeAll(async () => {
    dir = createTempDir('pw-e2e');
    hooks = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => hooks.listen(0, '127.0.0.1', r));
    server = await startApp('all-in-one', { DATA_DIR: dir.path, TRUST_PROXY: 'true', WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8' });
    const ws = admin(['workspace', 'create', '--name', 'pw', '--plan', 'pro'], { DATA_DIR: dir.path }).json;
    key = String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'k'], { DATA_DIR: dir.path }).json.secret);
    const endpoint = await call<{ secret: string }>(api('/webhook-endpoints'), {
      method: 'POST',
      key,
      json: { url: `http://127.0.0.1:${(hooks.address() as { port: number }).port}/hooks`, events: ['qr.scanned'] },
    });
    hookSecret = endpoint.body.secret;
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise((r) => hooks?.close(r));
    dir?.remove();
  });

  it('takes a write-only password on create and PATCH, refuses a short one with a pointer, and never answers it', async () => {
    const short = await call(api('/qrcodes'), { method: 'POST', key, json: { type: 'website', content: { url: TARGET }, password: 'abc' } });
    expect(short.status).toBe(422);
    expect((short.body.errors as Array<{ pointer: string; code: string }>).map((e) => `${e.pointer} ${e.code}`)).toEqual(['/password too_short']);
    const created = await call<Code>(api('/qrcodes'), { method: 'POST', key, json: { type: 'website', content: { url: TARGET }, password: SECRET } });
    expect(created.status).toBe(201);
    expect(created.body.password_protected).toBe(true);
    expect(created.text).not.toContain(SECRET);
    expect(created.text).not.toContain('scrypt');
    const removed = await call<Code>(api(`/qrcodes/${created.body.id}`), { method: 'PATCH', key, json: { password: null } });
    expect(removed.body.password_protected).toBe(false);
    expect((await get(created.body.short_code)).headers.location).toBe(TARGET);
  });

  it('asks without JavaScript, refuses a wrong password neutrally, redirects and counts once on the right one, then reuses the cookie without counting', async () => {
    const code = (await call<Code>(api('/qrcodes'), { method: 'POST', key, json: { type: 'website', content: { url: TARGET }, password: SECRET } })).body;
    const hooksBefore = received.length;

    const page = await get(code.short_code);
    expect(page.status).toBe(200);
    expect(page.headers.location).toBeUndefined();
    expect(page.body).toContain(`<form method="post" action="/${code.short_code}">`);
    expect(page.body).not.toContain(TARGET);
    expect(page.body).not.toMatch(/<script/i);
    expect(String(page.headers['content-security-policy'])).toContain("form-action 'self'");

    // HEAD and bots never get a Location, not even with a valid unlock (below).
    expect((await get(code.short_code, {}, 'HEAD')).headers.location).toBeUndefined();
    expect((await get(code.short_code, { 'user-agent': BOT })).headers.location).toBeUndefined();
    expect((await post(code.short_code, SECRET, '203.0.113.99', BOT)).headers.location).toBeUndefined();

    const wrong = await post(code.short_code, 'open sesame 42');
    expect(wrong.status).toBe(401);
    expect(wrong.headers.location).toBeUndefined();
    expect(wrong.body).toContain('That password did not open this code.');
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect((await read(code.id)).scan_count).toBe(0);

    const right = await post(code.short_code, SECRET);
    expect(right.status).toBe(302);
    expect(right.headers.location).toBe(TARGET);
    const setCookie = String(right.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^qr_unlock_${code.id}=[^;]+; Path=/; Max-Age=86400; HttpOnly; SameSite=Lax`));
    const cookie = setCookie.split(';')[0];
    expect((await read(code.id)).scan_count).toBe(1);

    const again = await get(code.short_code, { cookie });
    expect(again.status).toBe(302);
    expect(again.headers.location).toBe(TARGET);
    expect((await read(code.id)).scan_count).toBe(1);
    expect((await get(code.short_code, { cookie }, 'HEAD')).headers.location).toBeUndefined();
    expect((await get(code.short_code, { cookie, 'user-agent': BOT })).headers.location).toBeUndefined();

    // The cookie is for this code only, and a changed password voids it.
    const other = (await call<Code>(api('/qrcodes'), { method: 'POST', key, json: { type: 'website', content: { url: TARGET }, password: SECRET } })).body;
    expect((await get(other.short_code, { cookie: cookie.replace(code.short_code, other.short_code) })).headers.location).toBeUndefined();
    await call(api(`/qrcodes/${code.id}`), { method: 'PATCH', key, json: { password: 'a new secret' } });
    expect((await get(code.short_code, { cookie })).headers.location).toBeUndefined();

    // qr.scanned fired for the unlock only: page views, wrong tries and the cookie reuse sent none.
    await waitUntil(() => received.length > hooksBefore, 'the unlock webhook', 10_000);
    await new Promise((r) => setTimeout(r, 1500));
    const ours = scannedHooks()
      .slice(hooksBefore)
      .filter((h) => h.data.qr_id === code.id);
    expect(ours.map((h) => h.type)).toEqual(['qr.scanned']);
  });

  it('throttles attempts per code and client address: the 11th from one address in 15 minutes gets 429, another address still gets in', async () => {
    const code = (await call<Code>(api('/qrcodes'), { method: 'POST', key, json: { type: 'website', content: { url: TARGET }, password: SECRET } })).body;
    for (let i = 0; i < 10; i++) expect((await post(code.short_code, `wrong ${i}`, '198.51.100.5')).status).toBe(401);
    const throttled = await post(code.short_code, SECRET, '198.51.100.5');
    expect(throttled.status).toBe(429);
    // Until the quarter-hour window that refused it ends.
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(throttled.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect(throttled.headers.location).toBeUndefined();
    expect(throttled.body).toContain('Too many attempts.');
    expect((await post(code.short_code, SECRET, '198.51.100.6')).status).toBe(302);
  });

  it('counts password page views and unlocks apart in the analytics answer (HEAD is not a view; an unlock is also a scan)', async () => {
    const code = (await call<Code>(api('/qrcodes'), { method: 'POST', key, json: { type: 'website', content: { url: TARGET }, password: SECRET } })).body;
    expect((await get(code.short_code)).status).toBe(200);
    expect((await get(code.short_code)).status).toBe(200);
    expect((await get(code.short_code, {}, 'HEAD')).status).toBe(200);
    expect((await post(code.short_code, 'not it', '192.0.2.40')).status).toBe(401);
    expect((await post(code.short_code, SECRET, '192.0.2.40')).status).toBe(302);
    type Answer = { total_scans: number; password_page: { page_views: number; unlocks: number } };
    const counted = await waitUntil(async () => {
      const a = (await call<Answer>(api(`/qrcodes/${code.id}/analytics`), { key })).body;
      return a.password_page.unlocks === 1 && a.total_scans === 1 && a.password_page.page_views >= 3 ? a : null;
    }, 'the password page counts in analytics');
    expect(counted!.password_page).toEqual({ page_views: 3, unlocks: 1 });
  });
});
