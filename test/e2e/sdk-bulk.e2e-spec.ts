import Database from 'better-sqlite3';
import { join } from 'node:path';
import { type BulkItemOutcome, QrApiError, type QrCodeInput } from '@qr-platform/sdk';
import { type SdkHarness, startSdkHarness } from './support-sdk';

const website = (ref: string, url = `https://example.com/${ref}`): QrCodeInput => ({ type: 'website', content: { url }, client_ref: ref });
const statuses = (items: BulkItemOutcome[]) => items.map((i) => i.status);

/** `codes.bulk` and `codes.bulkCreate` against the real server, a real database fault included. */
describe('SDK: bulk creation (all-in-one)', () => {
  let h: SdkHarness;

  beforeAll(async () => {
    h = await startSdkHarness('sdk-bulk');
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('creates 130 items in batches of 50, and a re-run creates nothing and answers the same codes', async () => {
    const qr = h.client(h.workspace('agency').key);
    const items = Array.from({ length: 130 }, (_, i) => website(`sku-${i}`));
    const batches: string[] = [];
    const progress: number[] = [];
    const counting = h.client(h.workspace('agency').key, { observe: (_res, method, path) => void (method === 'POST' && batches.push(path)) });
    const first = await counting.codes.bulkCreate(items, { onProgress: (settled) => progress.push(settled) });
    expect(first).toMatchObject({ created: 130, existing: 0, failed: 0 });
    expect(batches).toEqual(['/qrcodes/bulk', '/qrcodes/bulk', '/qrcodes/bulk']);
    expect(progress).toEqual([50, 100, 130]);
    expect(first.items.map((i) => [i.index, i.client_ref])).toEqual(items.map((item, i) => [i, item.client_ref]));

    const again = await counting.codes.bulkCreate(items);
    expect(again).toMatchObject({ created: 0, existing: 130, failed: 0 });
    const ids = (report: typeof first) => report.items.map((i) => (i.status === 'failed' ? null : i.qr_code.id));
    expect(ids(again)).toEqual(ids(first));
    expect(new Set(ids(first)).size).toBe(130);

    // Another workspace may use the same refs: client_ref is unique per workspace.
    expect(await qr.codes.bulkCreate(items.slice(0, 3))).toMatchObject({ created: 3 });
  });

  it('re-sends a batch that failed part-way on the server: the committed chunks come back existing, nothing twice', async () => {
    const { id: workspaceId, key } = h.workspace('agency');
    // A real fault in the server's database: the insert of item 75 fails while the flag row exists.
    const db = new Database(join(h.dir.path, 'qr.sqlite'));
    db.pragma('busy_timeout = 5000');
    db.exec(`CREATE TABLE sdk_fault (armed INTEGER);
      INSERT INTO sdk_fault VALUES (1);
      CREATE TRIGGER sdk_fault_once BEFORE INSERT ON qr_codes WHEN NEW.client_ref = 'part-75' AND EXISTS (SELECT 1 FROM sdk_fault)
      BEGIN SELECT RAISE(ABORT, 'injected fault'); END;`);
    const failures: number[] = [];
    const retries: number[] = [];
    const qr = h.client(key, {
      // Disarm when the 500 arrives, before the SDK decides what to do: its retry then succeeds.
      observe: (res) => {
        if (res.status === 500) {
          failures.push(res.status);
          db.exec('DELETE FROM sdk_fault');
        }
      },
      onRetry: (info) => retries.push(info.retry),
    });
    const report = await qr.codes.bulkCreate(Array.from({ length: 130 }, (_, i) => website(`part-${i}`)));

    expect(failures).toEqual([500]);
    expect(retries).toEqual([1]);
    // Batch 2 is items 50–99, written in transactions of 10: 50–69 committed before 75's chunk failed.
    const expected = Array.from({ length: 130 }, (_, i) => (i >= 50 && i < 70 ? 'existing' : 'created'));
    expect(statuses(report.items)).toEqual(expected);
    expect(report).toMatchObject({ created: 110, existing: 20, failed: 0 });
    const rows = db
      .prepare("SELECT client_ref, COUNT(*) AS n FROM qr_codes WHERE workspace_id = ? AND client_ref LIKE 'part-%' GROUP BY client_ref")
      .all(workspaceId) as Array<{ n: number }>;
    expect(rows).toHaveLength(130);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    db.exec('DROP TRIGGER sdk_fault_once; DROP TABLE sdk_fault;');
    db.close();
  });

  it('reports invalid items as failed, with pointers into the item, and creates the rest of their batch', async () => {
    const qr = h.client(h.workspace('agency').key);
    const items = Array.from({ length: 130 }, (_, i) => website(`mixed-${i}`));
    items[3] = website('mixed-3', 'javascript:alert(1)');
    items[64] = { type: 'wifi', category: 'static', content: { ssid: 'x', encryption: 'WPA' }, client_ref: 'mixed-64' };
    const report = await qr.codes.bulkCreate(items);
    expect(report).toMatchObject({ created: 128, existing: 0, failed: 2 });
    const failed = report.items.filter((i) => i.status === 'failed');
    expect(failed.map((i) => i.index)).toEqual([3, 64]);
    for (const item of failed) {
      if (item.status !== 'failed') continue;
      expect(item.error).toBeInstanceOf(QrApiError);
      expect(item.error).toMatchObject({ status: 422, code: 'validation_failed', requestId: expect.stringMatching(/^req_/) });
    }
    const errorsOf = (i: number) => {
      const outcome = report.items[i];
      return outcome.status === 'failed' && outcome.error instanceof QrApiError ? outcome.error.errors : [];
    };
    expect(errorsOf(3)).toEqual([expect.objectContaining({ pointer: '/content/url', code: 'unsupported_scheme' })]);
    expect(errorsOf(64)).toEqual([expect.objectContaining({ pointer: '/content/password' })]);
    // Fixing the two and running again creates just them.
    items[3] = website('mixed-3');
    items[64] = website('mixed-64');
    expect(await qr.codes.bulkCreate(items)).toMatchObject({ created: 2, existing: 128, failed: 0 });
  });

  it('fails only the batch that does not fit the dynamic allowance; later static items are still created', async () => {
    // pro: 300 dynamic codes. 6 batches of 50 dynamic fit; the 7th (20 dynamic + 30 static) does not; the 8th (20 static) does.
    const qr = h.client(h.workspace('pro').key);
    const items: QrCodeInput[] = [
      ...Array.from({ length: 320 }, (_, i) => website(`dyn-${i}`)),
      ...Array.from({ length: 50 }, (_, i): QrCodeInput => ({ type: 'text', category: 'static', content: { text: `static ${i}` }, client_ref: `static-${i}` })),
    ];
    const report = await qr.codes.bulkCreate(items);
    expect(report).toMatchObject({ created: 320, failed: 50 });
    expect(statuses(report.items.slice(300, 350))).toEqual(Array(50).fill('failed'));
    expect(statuses(report.items.slice(350))).toEqual(Array(20).fill('created'));
    const refused = report.items[300];
    expect(refused.status === 'failed' && refused.error).toMatchObject({ status: 429, code: 'dynamic_allowance_exceeded' });
  });

  it('sends one batch of up to 50 with codes.bulk, and refuses bulkCreate input it cannot re-send safely', async () => {
    const qr = h.client(h.workspace('agency').key);
    const answer = await qr.codes.bulk([website('one-0'), { type: 'text', category: 'static', content: { text: 'no ref' } }]);
    expect(answer).toMatchObject({
      object: 'list',
      created: 2,
      existing: 0,
      data: [
        { index: 0, result: 'created' },
        { index: 1, result: 'created' },
      ],
    });
    const tooMany = await qr.codes.bulk(Array.from({ length: 51 }, (_, i) => website(`many-${i}`))).catch((e: unknown) => e);
    expect(tooMany).toMatchObject({ status: 422, code: 'validation_failed' });

    await expect(qr.codes.bulkCreate([website('a'), { type: 'text', category: 'static', content: { text: 'x' } }])).rejects.toThrow(/client_ref.*index 1/);
    await expect(qr.codes.bulkCreate([website('a'), website('b'), website('a')])).rejects.toThrow(/repeated at index 2 \(same as 0\)/);
    await expect(qr.codes.bulkCreate([website('a')], { batchSize: 51 })).rejects.toThrow(RangeError);
    expect(await qr.codes.bulkCreate([])).toEqual({ items: [], created: 0, existing: 0, failed: 0 });
  });

  it('got only answers its OpenAPI document describes', async () => {
    expect(await h.contractViolations()).toEqual([]);
  });
});
