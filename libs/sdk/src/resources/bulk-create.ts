import type { BulkCreateResult, QrCode, QrCodeInput } from '../api-types.js';
import { QrApiError, QrError } from '../errors/qr-error.js';

/** The most items `POST /qrcodes/bulk` takes in one request. */
export const MAX_BULK_ITEMS = 50;

/** What became of one item of a {@link bulkCreate} run. `index` is its position in your array. */
export type BulkItemOutcome =
  | { index: number; client_ref: string; status: 'created' | 'existing'; qr_code: QrCode }
  | { index: number; client_ref: string; status: 'failed'; error: QrError };

/** Records what became of the item at `index` (bulkCreate adds its index and client_ref). */
type Settle = (index: number, outcome: DistributiveOmit<BulkItemOutcome, 'index' | 'client_ref'>) => void;
type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

export interface BulkCreateReport {
  /** One outcome per item, in the order of your array. */
  items: BulkItemOutcome[];
  created: number;
  /** Items whose client_ref already named a code (from an earlier run, or an attempt whose answer was lost). */
  existing: number;
  failed: number;
}

export interface BulkCreateOptions {
  /** Items per request, 1–50 (default 50). */
  batchSize?: number;
  /** Called after each batch with the number of items settled so far. */
  onProgress?: (settled: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * Creates any number of codes in batches (see `QrClient.codes.bulkCreate` for the contract).
 * `send` is one `POST /qrcodes/bulk`, retried by the transport where that is safe.
 */
export async function bulkCreate(
  send: (items: QrCodeInput[], signal?: AbortSignal) => Promise<BulkCreateResult>,
  items: readonly QrCodeInput[],
  options: BulkCreateOptions = {},
): Promise<BulkCreateReport> {
  const batchSize = options.batchSize ?? MAX_BULK_ITEMS;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > MAX_BULK_ITEMS)
    throw new RangeError(`bulkCreate: batchSize must be an integer from 1 to ${MAX_BULK_ITEMS}`);
  const refs = clientRefsOf(items);
  const outcomes: BulkItemOutcome[] = new Array(items.length);
  const settle: Settle = (index, outcome) => (outcomes[index] = { index, client_ref: refs[index], ...outcome });
  let stopped: QrError | null = null;
  for (let start = 0; start < items.length; start += batchSize) {
    const batch = Array.from({ length: Math.min(batchSize, items.length - start) }, (_, k) => start + k);
    if (stopped) for (const index of batch) settle(index, { status: 'failed', error: stopped });
    else stopped = await sendBatch(send, items, batch, settle, options.signal);
    options.onProgress?.(Math.min(start + batchSize, items.length), items.length);
  }
  return {
    items: outcomes,
    created: outcomes.filter((o) => o.status === 'created').length,
    existing: outcomes.filter((o) => o.status === 'existing').length,
    failed: outcomes.filter((o) => o.status === 'failed').length,
  };
}

/**
 * Sends one batch until every item in it is settled: a 422 fails the items its pointers name and
 * sends the others again (the API refused the whole batch, so none of them was written). Returns
 * the error that should stop the whole run, or null.
 */
async function sendBatch(
  send: (items: QrCodeInput[], signal?: AbortSignal) => Promise<BulkCreateResult>,
  items: readonly QrCodeInput[],
  batch: number[],
  settle: Settle,
  signal: AbortSignal | undefined,
): Promise<QrError | null> {
  let pending = batch;
  while (pending.length) {
    try {
      const answer = await send(
        pending.map((i) => items[i]),
        signal,
      );
      for (const entry of answer.data) settle(pending[entry.index], { status: entry.result, qr_code: entry.qr_code });
      return null;
    } catch (err) {
      if (!(err instanceof QrError)) throw err;
      const invalid = err instanceof QrApiError && err.status === 422 ? itemErrors(err, pending.length) : new Map<number, QrApiError>();
      if (invalid.size === 0) {
        pending.forEach((index) => settle(index, { status: 'failed', error: err }));
        return stopsTheRun(err) ? err : null;
      }
      for (const [position, error] of invalid) settle(pending[position], { status: 'failed', error });
      pending = pending.filter((_, position) => !invalid.has(position));
    }
  }
  return null;
}

/**
 * Errors the next batches would meet too: no access (401, 403), the month's calls used up, or no
 * answer even after the transport's retries (the API is down). Validation errors and the dynamic
 * allowance (a batch of static codes still fits) concern one batch only.
 */
function stopsTheRun(error: QrError): boolean {
  if (!(error instanceof QrApiError)) return true;
  return error.status === 401 || error.status === 403 || error.code === 'quota_exceeded' || error.status >= 500;
}

/**
 * A 422's field errors by item position (`/items/3/content/url` → 3), each as a QrApiError of its
 * own with pointers relative to the item (`/content/url`). Empty when any error is not about one of
 * the `count` items sent: then the batch as a whole is at fault.
 */
function itemErrors(error: QrApiError, count: number): Map<number, QrApiError> {
  const byItem = new Map<number, QrApiError['errors']>();
  for (const fieldError of error.errors) {
    const match = /^\/items\/(\d+)(\/.*)?$/.exec(fieldError.pointer);
    if (!match || Number(match[1]) >= count) return new Map();
    const position = Number(match[1]);
    byItem.set(position, [...(byItem.get(position) ?? []), { ...fieldError, pointer: match[2] ?? '' }]);
  }
  return new Map(
    [...byItem].map(([position, errors]) => [
      position,
      new QrApiError({
        status: error.status,
        code: error.code,
        title: error.title,
        detail: error.detail,
        requestId: error.requestId,
        errors,
        type: error.type,
      }),
    ]),
  );
}

/** Every item's client_ref; bulkCreate refuses to start without one on each, or with one used twice. */
function clientRefsOf(items: readonly QrCodeInput[]): string[] {
  const refs = items.map((item) => item.client_ref);
  const missing = refs.flatMap((ref, i) => (typeof ref === 'string' && ref !== '' ? [] : [i]));
  if (missing.length) {
    throw new TypeError(
      `bulkCreate: every item needs a client_ref, so that a re-sent batch cannot create a code twice; missing at index ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', …' : ''}`,
    );
  }
  const first = new Map<string, number>();
  const repeated = refs.flatMap((ref, i) => (first.has(ref!) ? [`${i} (same as ${first.get(ref!)})`] : (first.set(ref!, i), [])));
  if (repeated.length) throw new TypeError(`bulkCreate: client_ref must be unique; repeated at index ${repeated.slice(0, 10).join(', ')}`);
  return refs as string[];
}
