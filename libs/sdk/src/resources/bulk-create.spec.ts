import type { BulkCreateResult, QrCode, QrCodeInput } from '../api-types.js';
import { QrApiError, QrConnectionError } from '../errors/qr-error.js';
import { bulkCreate } from './bulk-create.js';

/*
 * The batching and reporting rules, with `send` standing in for one POST /qrcodes/bulk (the live
 * suite, test/e2e/sdk-bulk.e2e-spec.ts, runs them against the server): here each outcome the API
 * can give is produced on purpose.
 */
const item = (ref: string): QrCodeInput => ({ type: 'text', category: 'static', content: { text: ref }, client_ref: ref });
const refs = (n: number) => Array.from({ length: n }, (_, i) => item(`r${i}`));
const code = (input: QrCodeInput) => ({ id: `qr_${input.client_ref}`, client_ref: input.client_ref }) as QrCode;
const created = (items: QrCodeInput[]): BulkCreateResult => ({
  object: 'list',
  data: items.map((input, index) => ({ index, result: 'created', qr_code: code(input) })),
  created: items.length,
  existing: 0,
});
const problem = (status: number, code: string, pointers: string[] = []) =>
  new QrApiError({
    status,
    code,
    title: code,
    detail: code,
    requestId: 'req_1',
    errors: pointers.map((pointer) => ({ pointer, code: 'invalid', detail: 'bad' })),
  });

describe('bulkCreate', () => {
  it('sends batches of 50 in order and reports every item at its index', async () => {
    const sizes: number[] = [];
    const report = await bulkCreate(async (batch) => (sizes.push(batch.length), created(batch)), refs(120));
    expect(sizes).toEqual([50, 50, 20]);
    expect(report).toMatchObject({ created: 120, existing: 0, failed: 0 });
    expect(report.items.map((o) => [o.index, o.client_ref])).toEqual(refs(120).map((r, i) => [i, r.client_ref]));
  });

  it('re-sends a batch without the items a 422 names, which fail with pointers relative to the item', async () => {
    const sent: string[][] = [];
    const report = await bulkCreate(async (batch) => {
      sent.push(batch.map((b) => b.client_ref!));
      if (sent.length === 1) throw problem(422, 'validation_failed', ['/items/1/content/text', '/items/3', '/items/1/name']);
      return created(batch);
    }, refs(5));
    expect(sent).toEqual([
      ['r0', 'r1', 'r2', 'r3', 'r4'],
      ['r0', 'r2', 'r4'],
    ]);
    expect(report.items.map((o) => o.status)).toEqual(['created', 'failed', 'created', 'failed', 'created']);
    const failed = report.items[1];
    expect(failed.status === 'failed' && failed.error).toMatchObject({
      status: 422,
      requestId: 'req_1',
      errors: [{ pointer: '/content/text' }, { pointer: '/name' }],
    });
    const whole = report.items[3];
    expect(whole.status === 'failed' && (whole.error as QrApiError).errors).toEqual([{ pointer: '', code: 'invalid', detail: 'bad' }]);
  });

  it('fails the whole batch on a 422 that is not about items, and goes on with the next batch', async () => {
    let calls = 0;
    const report = await bulkCreate(async (batch) => {
      if (++calls === 1) throw problem(422, 'validation_failed', ['/items']);
      return created(batch);
    }, refs(60));
    expect(report).toMatchObject({ created: 10, failed: 50 });
  });

  it.each([
    ['quota_exceeded', problem(429, 'quota_exceeded')],
    ['unauthorized', problem(401, 'unauthorized')],
    ['plan_has_no_api_access', problem(403, 'plan_has_no_api_access')],
    ['a 5xx left after retries', problem(503, 'service_unavailable')],
    ['no connection left after retries', new QrConnectionError('connection_failed', 'ECONNREFUSED', null)],
  ])('stops at %s: every remaining item fails with it, nothing more is sent', async (_label, error) => {
    let calls = 0;
    const report = await bulkCreate(async (batch) => {
      if (++calls === 2) throw error;
      return created(batch);
    }, refs(160));
    expect(calls).toBe(2);
    expect(report).toMatchObject({ created: 50, failed: 110 });
    expect(report.items.slice(50).every((o) => o.status === 'failed' && o.error === error)).toBe(true);
  });

  it('goes on after a full dynamic allowance: only that batch fails', async () => {
    let calls = 0;
    const report = await bulkCreate(async (batch) => {
      if (++calls === 1) throw problem(429, 'dynamic_allowance_exceeded');
      return created(batch);
    }, refs(70));
    expect(report).toMatchObject({ created: 20, failed: 50 });
  });

  it('reports existing items as the API says', async () => {
    const report = await bulkCreate(
      async (batch) => ({ ...created(batch), data: created(batch).data.map((d) => ({ ...d, result: 'existing' as const })) }),
      refs(3),
    );
    expect(report).toMatchObject({ created: 0, existing: 3 });
  });

  it('refuses items it could not re-send safely, before sending anything', async () => {
    const send = jest.fn();
    await expect(bulkCreate(send, [item('a'), { type: 'text', category: 'static', content: { text: 'x' } }])).rejects.toThrow(/missing at index 1/);
    await expect(bulkCreate(send, [item('a'), { ...item('b'), client_ref: '' }])).rejects.toThrow(/missing at index 1/);
    await expect(bulkCreate(send, [item('a'), item('b'), item('a')])).rejects.toThrow(/repeated at index 2 \(same as 0\)/);
    await expect(bulkCreate(send, [item('a')], { batchSize: 0 })).rejects.toThrow(RangeError);
    expect(send).not.toHaveBeenCalled();
  });

  it('honours batchSize and reports progress', async () => {
    const progress: Array<[number, number]> = [];
    await bulkCreate(async (batch) => created(batch), refs(25), { batchSize: 10, onProgress: (settled, total) => progress.push([settled, total]) });
    expect(progress).toEqual([
      [10, 25],
      [20, 25],
      [25, 25],
    ]);
  });

  it('lets a programming error in send through', async () => {
    await expect(bulkCreate(async () => Promise.reject(new TypeError('boom')), refs(1))).rejects.toThrow('boom');
  });
});
