import Database from 'better-sqlite3';
import { join } from 'node:path';
import { QrApiError, type RetryInfo } from '@qr-platform/sdk';
import { billingPeriodAt } from '@qr/domain';
import { admin } from '@qr/testing';
import { type SdkHarness, startSdkHarness } from './support-sdk';

/** Retries, and the errors that must not be retried, against the real server's limits. */
describe('SDK: rate limits, quota and access errors (all-in-one)', () => {
  let h: SdkHarness;

  beforeAll(async () => {
    h = await startSdkHarness('sdk-limits');
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('retries 429 rate_limited after Retry-After until every call of a burst succeeds, POSTs included, each done once', async () => {
    // pro: 20 requests per second and key. A burst of 40 is refused in part whatever the machine's speed.
    const statuses: number[] = [];
    const retries: RetryInfo[] = [];
    const qr = h.client(h.workspace('pro').key, { maxRetries: 8, observe: (res) => void statuses.push(res.status), onRetry: (info) => retries.push(info) });
    for (let burst = 0; burst < 5 && !statuses.includes(429); burst++) {
      const lists = await Promise.all(Array.from({ length: 40 }, () => qr.apiKeys.list()));
      expect(lists.every((l) => l.object === 'list')).toBe(true);
    }
    expect(statuses).toContain(429);
    expect(retries).toHaveLength(statuses.filter((s) => s === 429).length);
    for (const retry of retries) {
      expect(retry.error).toMatchObject({ status: 429, code: 'rate_limited', retryAfter: 1 });
      expect(retry.delayMs).toBeGreaterThanOrEqual(1000);
    }

    // A refused request did nothing, so even a POST without an idempotency key is retried on 429,
    // and each folder exists once.
    const names: string[] = [];
    const throttledPosts = () => retries.filter((r) => r.method === 'POST').length;
    for (let burst = 0; burst < 5 && throttledPosts() === 0; burst++) {
      const batch = Array.from({ length: 40 }, (_, i) => `burst ${burst}-${i}`);
      names.push(...batch);
      expect((await Promise.all(batch.map((name) => qr.folders.create({ name })))).map((f) => f.name)).toEqual(batch);
    }
    expect(throttledPosts()).toBeGreaterThan(0);
    const folders = await qr.folders.list({ limit: 100 }).toArray();
    expect(folders.map((f) => f.name).sort()).toEqual([...names].sort());
  });

  it('never retries 429 quota_exceeded: one request, a typed error with Retry-After to the 1st of next month', async () => {
    const { id, key } = h.workspace('pro');
    const db = new Database(join(h.dir.path, 'gateway.sqlite'));
    db.pragma('busy_timeout = 5000');
    db.prepare(
      'INSERT INTO usage_counters (workspace_id, period, calls) VALUES (?, ?, 3000) ON CONFLICT (workspace_id, period) DO UPDATE SET calls = 3000',
    ).run(id, billingPeriodAt(new Date()).key);
    db.close();
    const sent: string[] = [];
    const retries: RetryInfo[] = [];
    const qr = h.client(key, { observe: (_res, method, path) => void sent.push(`${method} ${path}`), onRetry: (info) => retries.push(info) });

    const error = await qr.codes
      .list()
      .toArray()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QrApiError);
    const toNextMonth = (billingPeriodAt(new Date()).end.getTime() - Date.now()) / 1000;
    expect(error).toMatchObject({ status: 429, code: 'quota_exceeded', requestId: expect.stringMatching(/^req_/) });
    expect(Math.abs((error as QrApiError).retryAfter! - toNextMonth)).toBeLessThan(60);
    expect(sent).toEqual(['GET /qrcodes']);

    // bulkCreate stops at the first refused batch: every item failed, one request.
    const report = await qr.codes.bulkCreate(
      Array.from({ length: 120 }, (_, i) => ({ type: 'text' as const, category: 'static' as const, content: { text: `${i}` }, client_ref: `q-${i}` })),
    );
    expect(report).toMatchObject({ created: 0, failed: 120 });
    expect(new Set(report.items.map((i) => i.status === 'failed' && i.error.code))).toEqual(new Set(['quota_exceeded']));
    expect(sent).toEqual(['GET /qrcodes', 'POST /qrcodes/bulk']);
    expect(retries).toEqual([]);
  });

  it('types access errors: unknown key 401, a plan without API 403, a viewer key writing 403', async () => {
    const unknown = await h
      .client(`qrk_${'A'.repeat(32)}`)
      .codes.list()
      .toArray()
      .catch((e: unknown) => e);
    expect(unknown).toMatchObject({ name: 'QrApiError', status: 401, code: 'unauthorized', errors: [] });
    expect((unknown as Error).message).toMatch(/^401 unauthorized: .*\(request req_\w+\)$/);

    const starter = h.workspace('starter');
    await expect(h.client(starter.key).apiKeys.list()).rejects.toMatchObject({ status: 403, code: 'plan_has_no_api_access' });

    const { id } = h.workspace('agency');
    const viewer = String(admin(['key', 'create', '--workspace', id, '--name', 'reader', '--role', 'viewer'], h.env).json.secret);
    const reader = h.client(viewer);
    expect(await reader.codes.list().toArray()).toEqual([]);
    await expect(reader.folders.create({ name: 'nope' })).rejects.toMatchObject({ status: 403, code: 'forbidden' });
  });

  it('got only answers its OpenAPI document describes', async () => {
    expect(await h.contractViolations()).toEqual([]);
  });
});
