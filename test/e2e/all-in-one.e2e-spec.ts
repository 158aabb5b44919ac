import Database from 'better-sqlite3';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { admin, type AppProcess, call, createTempDir, startApp, type TempDir, waitUntil } from '@qr/testing';
import { billingPeriodAt } from '@qr/domain';

/** The all-in-one server as a user runs it: a child process on a fresh data directory, driven over HTTP. */
describe('all-in-one server', () => {
  let dir: TempDir;
  let server: AppProcess;
  let bootstrapKey: string;
  const env = () => ({ DATA_DIR: dir.path });
  const api = (path: string) => `${server.url}/api/public/v1${path}`;

  beforeAll(async () => {
    dir = createTempDir('aio');
    server = await startApp('all-in-one', env());
    await waitUntil(() => /api key:\s+(qrk_\w+)/.exec(server.output()), 'the bootstrap key banner');
    bootstrapKey = /api key:\s+(qrk_\w+)/.exec(server.output())![1];
  });
  afterAll(async () => {
    await server?.stop();
    dir?.remove();
  });

  it('serves health and readiness, and the bootstrap key authenticates', async () => {
    expect((await call(`${server.url}/healthz`)).status).toBe(200);
    const ready = await call(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(Object.keys(ready.body.checks as object)).toEqual(
      expect.arrayContaining(['event_log', 'gateway_db', 'qr_db', 'redirect_db', 'analytics_db', 'webhooks_db', 'background_thread']),
    );
    expect(ready.body.checks).toMatchObject({ background_thread: 'ok' });
    if (process.platform === 'linux') {
      // Exactly one thread of the process, the background's, runs 10 nice steps below the front, at most
      // 19: a suite run at nice 19 already (front at 19) has no thread below the front.
      const niceOf = (tid: string | number) => {
        const stat = readFileSync(`/proc/${server.child.pid}/task/${tid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      };
      const front = niceOf(server.child.pid!);
      const background = Math.min(19, front + 10);
      const lowered = readdirSync(`/proc/${server.child.pid}/task`).filter((tid) => niceOf(tid) !== front);
      expect(lowered.map(niceOf)).toEqual(background === front ? [] : [background]);
    }
    const keys = await call(api('/api-keys'), { key: bootstrapKey });
    expect(keys.status).toBe(200);
    expect(keys.headers.get('ratelimit-policy')).toMatch(/^"monthly";q=25000;w=\d+$/);
    expect(keys.headers.get('ratelimit')).toMatch(/^"monthly";r=\d+;t=\d+$/);
    expect(keys.headers.get('x-request-id')).toMatch(/^req_/);
    expect(JSON.stringify(keys.body)).not.toContain(bootstrapKey);
  });

  it('answers one identical 401 for missing, malformed, unknown, revoked and expired keys', async () => {
    const created = await call(api('/api-keys'), { method: 'POST', key: bootstrapKey, json: { name: 'to revoke' } });
    expect(created.status).toBe(201);
    const revokedKey = created.body.secret as string;
    expect((await call(api(`/api-keys/${created.body.id}`), { method: 'DELETE', key: bootstrapKey })).status).toBe(200);
    const ws = admin(['workspace', 'create', '--name', 'Expiring', '--plan', 'pro'], env()).json;
    const soon = new Date(Date.now() + 1500).toISOString();
    const expiring = admin(['key', 'create', '--workspace', String(ws.id), '--name', 'short', '--expires-at', soon], env()).json;
    await new Promise((r) => setTimeout(r, 1600));

    const attempts = [undefined, 'Basic abc', 'Bearer nonsense', `Bearer qrk_${'A'.repeat(32)}`, `Bearer ${revokedKey}`, `Bearer ${expiring.secret}`];
    const bodies = [];
    for (const authorization of attempts) {
      const res = await call(api('/api-keys'), { headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      const { request_id, ...rest } = res.body;
      expect(request_id).toEqual(expect.any(String));
      bodies.push(rest);
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(bodies[0]).toMatchObject({ status: 401, code: 'unauthorized', title: 'Unauthorized' });
  });

  it('works with the admin CLI against the running server’s data: workspace, key, plan changes', async () => {
    const ws = admin(['workspace', 'create', '--name', 'Acme', '--plan', 'pro'], env());
    expect(ws.status).toBe(0);
    expect(ws.json).toMatchObject({ id: expect.stringMatching(/^ws_/), name: 'Acme', plan: 'pro' });
    const key = admin(['key', 'create', '--workspace', String(ws.json.id), '--name', 'k'], env());
    expect(key.json).toMatchObject({ id: expect.stringMatching(/^key_/), secret: expect.stringMatching(/^qrk_[0-9A-Za-z]{32}$/) });
    const secret = String(key.json.secret);
    expect((await call(api('/api-keys'), { key: secret })).status).toBe(200);

    admin(['workspace', 'set-plan', '--workspace', String(ws.json.id), '--plan', 'starter'], env());
    const gated = await call(api('/api-keys'), { key: secret });
    expect(gated.status).toBe(403);
    expect(gated.body.code).toBe('plan_has_no_api_access');

    admin(['workspace', 'set-plan', '--workspace', String(ws.json.id), '--plan', 'pro'], env());
    expect((await call(api('/api-keys'), { key: secret })).status).toBe(200);
    const bad = admin(['workspace', 'create', '--name', 'X', '--plan', 'platinum'], env());
    expect(bad.status).not.toBe(0);
    expect(bad.json).toMatchObject({ error: { code: 'validation_failed' } });
  });

  it('refuses bad input with a clear problem and writes nothing', async () => {
    const before = (await call<{ data: unknown[] }>(api('/api-keys'), { key: bootstrapKey })).body.data.length;
    const malformed = await call(api('/api-keys'), { method: 'POST', key: bootstrapKey, body: '{"name":' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('invalid_json');
    const huge = await call(api('/api-keys'), { method: 'POST', key: bootstrapKey, json: { name: 'x'.repeat(1_100_000) } });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('payload_too_large');
    const invalid = await call(api('/api-keys'), { method: 'POST', key: bootstrapKey, json: { name: '', extra: true, expires_at: '2030-01-01T00:00:00' } });
    expect(invalid.status).toBe(422);
    expect((invalid.body.errors as Array<{ pointer: string }>).map((e) => e.pointer).sort()).toEqual(['/expires_at', '/extra', '/name']);
    // Found by the fuzzer (seed 42): JSON nested 5,000 deep parsed, then overflowed the stack on its way to qr-service (500).
    const deep = await call(api('/qrcodes'), {
      method: 'POST',
      key: bootstrapKey,
      body: `{"type":"website","content":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    });
    expect(deep.status).toBe(400);
    expect(deep.body).toMatchObject({ code: 'invalid_json', detail: 'The JSON nests deeper than 64 levels.' });
    for (const res of [malformed, huge, invalid, deep]) {
      expect(res.text).not.toMatch(/at .*\.js:\d+|SELECT |\/work\/|node_modules/);
    }
    expect((await call<{ data: unknown[] }>(api('/api-keys'), { key: bootstrapKey })).body.data.length).toBe(before);
  });

  it('lets a viewer key read but not write, and does not count the refusal', async () => {
    const viewer = await call(api('/api-keys'), { method: 'POST', key: bootstrapKey, json: { name: 'viewer', role: 'viewer' } });
    const secret = viewer.body.secret as string;
    const db = new Database(join(dir.path, 'gateway.sqlite'), { readonly: true });
    const used = () =>
      (
        db
          .prepare('SELECT calls FROM usage_counters WHERE period = ? AND workspace_id = (SELECT workspace_id FROM api_keys WHERE id = ?)')
          .get(billingPeriodAt(new Date()).key, viewer.body.id) as { calls: number }
      ).calls;
    const before = used();
    const refused = await call(api('/api-keys'), { method: 'POST', key: secret, json: { name: 'nope' } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('forbidden');
    await new Promise((r) => setTimeout(r, 100));
    expect(used()).toBe(before);
    db.close();
  });

  it('grants exactly 25 of 40 concurrent calls when 25 remain in the month, with Retry-After on the rest', async () => {
    const ws = admin(['workspace', 'create', '--name', 'Busy', '--plan', 'agency'], env()).json;
    const secret = String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'k'], env()).json.secret);
    const db = new Database(join(dir.path, 'gateway.sqlite'));
    db.pragma('busy_timeout = 5000');
    db.prepare('INSERT INTO usage_counters (workspace_id, period, calls) VALUES (?, ?, ?)').run(ws.id, billingPeriodAt(new Date()).key, 24_975);
    const results = await Promise.all(Array.from({ length: 40 }, () => call(api('/api-keys'), { key: secret })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(25);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(15);
    for (const r of refused) {
      expect(r.body.code).toBe('quota_exceeded');
      const retryAfter = Number(r.headers.get('retry-after'));
      const toNextMonth = (billingPeriodAt(new Date()).end.getTime() - Date.now()) / 1000;
      expect(Math.abs(retryAfter - toNextMonth)).toBeLessThan(5);
      expect(r.headers.get('ratelimit')).toMatch(/^"monthly";r=0;/);
    }
    const row = db.prepare('SELECT calls FROM usage_counters WHERE workspace_id = ?').get(ws.id) as { calls: number };
    expect(row.calls).toBe(25_000);
    db.close();
  });

  it('rate-limits a key per second with 429 rate_limited, which does not count', async () => {
    const ws = admin(['workspace', 'create', '--name', 'Hasty', '--plan', 'pro'], env()).json;
    const secret = String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'k'], env()).json.secret);
    const results = await Promise.all(Array.from({ length: 60 }, () => call(api('/api-keys'), { key: secret })));
    const limited = results.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited.every((r) => r.body.code === 'rate_limited' && r.headers.get('retry-after') === '1')).toBe(true);
    const ok = results.filter((r) => r.status === 200).length;
    const db = new Database(join(dir.path, 'gateway.sqlite'), { readonly: true });
    const row = db.prepare('SELECT calls FROM usage_counters WHERE workspace_id = ?').get(ws.id) as { calls: number };
    db.close();
    expect(row.calls).toBe(ok);
  });

  it('publishes an OpenAPI 3.1 document, a docs page and Prometheus metrics', async () => {
    const doc = await call(api('/openapi.json'));
    expect(doc.body.openapi).toBe('3.1.0');
    expect(Object.keys(doc.body.paths as object)).toContain('/api-keys');
    const page = await fetch(api('/docs'));
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('id="error-quota_exceeded"');
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toMatch(/qr_http_requests_total\{[^}]*status="200"/);
    // The background thread's consumers are served by the front, once per metric family.
    for (const group of ['analytics-service.projection', 'qr-service.scan-counts', 'webhook-dispatcher.fanout']) {
      expect(metrics).toMatch(new RegExp(`qr_event_consumer_lag\\{group="${group.replace(/\./g, '\\.')}",[^}]*thread="background"\\} \\d+`));
    }
    expect(metrics).toMatch(/qr_event_consumer_lag\{group="redirect-service\.links",process="all-in-one"\} \d+/);
    expect(metrics.match(/^# TYPE qr_event_consumer_lag gauge$/gm)).toHaveLength(1);
    // The outboxes are relayed on the background, so their backlog is the background's series.
    for (const store of ['qr', 'redirect']) expect(metrics).toMatch(new RegExp(`qr_outbox_pending\\{store="${store}",[^}]*thread="background"\\} \\d+`));
    expect(metrics.match(/^# TYPE process_cpu_user_seconds_total counter$/gm)).toHaveLength(1);
  });

  it('answers unknown routes with a problem+json 404', async () => {
    const res = await call(`${server.url}/api/public/v1/nothing-here`, { key: bootstrapKey });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });

  it('shuts down gracefully on SIGTERM, and restarts on the same data without a second bootstrap', async () => {
    expect(await server.stop()).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');
    server = await startApp('all-in-one', env());
    expect((await call(api('/api-keys'), { key: bootstrapKey })).status).toBe(200);
    expect(server.output()).not.toContain('First run');
  });
});
