import type {
  BulkCreateResult,
  CodeAnalytics,
  CodeAnalyticsParams,
  DeletedQrCode,
  ImageParams,
  ListQrCodesParams,
  QrCode,
  QrCodeChange,
  QrCodeInput,
  QrCodePatch,
} from '../api-types.js';
import { listAt, type PageIterator } from '../pagination/page-iterator.js';
import type { HttpTransport } from '../transport/http-transport.js';
import { type BulkCreateOptions, type BulkCreateReport, bulkCreate } from './bulk-create.js';
import { type CallOptions, id } from './call-options.js';

/** A downloaded image of a code. */
export interface QrImage {
  /** The file: SVG text as UTF-8, or PNG or PDF bytes. */
  data: Uint8Array;
  contentType: string;
  /** The file name the API suggests (Content-Disposition). */
  filename: string | null;
}

/** `qr.codes`: create, read, change and delete QR codes; their analytics and images. */
export class Codes {
  constructor(private readonly http: HttpTransport) {}

  /**
   * Creates a code. With a `client_ref` the workspace already used, the API answers that code
   * unchanged instead; so a create with a `client_ref` is safe to repeat, and the SDK retries it
   * after a 5xx or a lost connection (without one, it does not).
   *
   * @example
   * const code = await qr.codes.create({ type: 'website', content: { url: 'https://example.com' }, client_ref: 'sku-42' });
   * code.short_url; // 'https://qr.example/AbC12xY'
   */
  async create(input: QrCodeInput, options?: CallOptions): Promise<QrCode> {
    const idempotent = typeof input.client_ref === 'string';
    return this.http.send<QrCode>({ method: 'POST', path: '/qrcodes', body: input, idempotent, signal: options?.signal });
  }

  /**
   * One `POST /qrcodes/bulk` of at most 50 items: all are validated and checked against the quota
   * first, and none is written unless all fit. For more items, or to get a per-item report instead
   * of an exception, use {@link Codes.bulkCreate}.
   *
   * @example
   * const { created, existing } = await qr.codes.bulk([{ type: 'text', category: 'static', content: { text: 'Hi' }, client_ref: 't1' }]);
   */
  async bulk(items: QrCodeInput[], options?: CallOptions): Promise<BulkCreateResult> {
    const idempotent = items.every((item) => typeof item.client_ref === 'string');
    return this.http.send<BulkCreateResult>({ method: 'POST', path: '/qrcodes/bulk', body: { items }, idempotent, signal: options?.signal });
  }

  /**
   * Creates any number of codes, 50 per request, and reports what became of each item instead of
   * throwing. Every item needs its own `client_ref` (a TypeError says which do not): that makes a
   * re-sent batch, and a re-run of the whole call, create nothing twice.
   *
   * - A batch the API refuses for some items (422) is sent again without them; they are `failed`
   *   with their errors (pointers relative to the item, e.g. `/content/url`).
   * - A 5xx or a lost connection is retried by the SDK; items an earlier attempt wrote come back
   *   `existing`. If the API stays unreachable, or refuses the key or the month's quota, the
   *   remaining items are `failed` with that error and nothing more is sent.
   * - A full dynamic allowance fails that batch only: later batches of static codes still go through.
   *
   * @example
   * const report = await qr.codes.bulkCreate(products.map((p) => ({
   *   type: 'website', content: { url: p.url }, client_ref: p.sku, name: p.name,
   * })));
   * for (const item of report.items) if (item.status === 'failed') console.warn(item.client_ref, item.error.message);
   */
  bulkCreate(items: readonly QrCodeInput[], options?: BulkCreateOptions): Promise<BulkCreateReport> {
    return bulkCreate((batch, signal) => this.bulk(batch, { signal }), items, options);
  }

  async get(codeId: string, options?: CallOptions): Promise<QrCode> {
    return this.http.send<QrCode>({ method: 'GET', path: `/qrcodes/${id(codeId)}`, signal: options?.signal });
  }

  /**
   * Every code of the workspace, newest first, fetched page by page (`limit` per page, default 20,
   * at most 100) as you iterate.
   *
   * @example
   * for await (const code of qr.codes.list({ folder_id: 'fld_…', status: 'active' })) console.log(code.name);
   */
  list(params: ListQrCodesParams = {}, options?: CallOptions): PageIterator<QrCode> {
    return listAt(this.http, '/qrcodes', params, options?.signal);
  }

  /**
   * Changes a code; `null` clears an optional field. The next scan after the answer sees the change.
   *
   * @example
   * await qr.codes.update(code.id, { destinations: [{ target_url: 'https://example.com/spring' }], status: 'active' });
   */
  async update(codeId: string, patch: QrCodePatch, options?: CallOptions): Promise<QrCode> {
    return this.http.send<QrCode>({ method: 'PATCH', path: `/qrcodes/${id(codeId)}`, body: patch, signal: options?.signal });
  }

  /**
   * Every change to a code, newest first, page by page as you iterate: who made it (API key or
   * member), how (API, dashboard, import, CLI), the request id, and each field before and after.
   * It outlives the code: a deleted code's history is still there.
   *
   * @example
   * for await (const change of qr.codes.history(code.id)) {
   *   for (const c of change.changes) console.log(change.occurred_at, change.actor.name, c.field, c.before, '→', c.after);
   * }
   */
  history(codeId: string, params: { limit?: number } = {}, options?: CallOptions): PageIterator<QrCodeChange> {
    return listAt(this.http, `/qrcodes/${id(codeId)}/history`, params, options?.signal);
  }

  /** Deletes a code: its short link answers 410 from then on, and a dynamic code frees its allowance. */
  async delete(codeId: string, options?: CallOptions): Promise<DeletedQrCode> {
    return this.http.send<DeletedQrCode>({ method: 'DELETE', path: `/qrcodes/${id(codeId)}`, signal: options?.signal });
  }

  /**
   * Scan analytics for local days `from`–`to` in `tz` (default: the code's time zone; range: the
   * last 30 days). Figures follow scans within about a second.
   *
   * @example
   * const { total_scans, by_country } = await qr.codes.analytics(code.id, { from: '2026-03-01', to: '2026-03-31', tz: 'Europe/Berlin' });
   */
  async analytics(codeId: string, params: CodeAnalyticsParams = {}, options?: CallOptions): Promise<CodeAnalytics> {
    return this.http.send<CodeAnalytics>({ method: 'GET', path: `/qrcodes/${id(codeId)}/analytics`, query: { ...params }, signal: options?.signal });
  }

  /** The same figures as {@link Codes.analytics}, as a spreadsheet-safe CSV (UTF-8 with BOM, CRLF). */
  async analyticsCsv(codeId: string, params: CodeAnalyticsParams = {}, options?: CallOptions): Promise<string> {
    const query = { ...params, format: 'csv' };
    return this.http.send<string>({ method: 'GET', path: `/qrcodes/${id(codeId)}/analytics`, query, expect: 'text', signal: options?.signal });
  }

  /**
   * Downloads the code as SVG (default), PNG or PDF.
   *
   * @example
   * const png = await qr.codes.image(code.id, { format: 'png', size: 1024, ecc: 'Q' });
   * await fs.promises.writeFile(png.filename ?? 'code.png', png.data);
   */
  async image(codeId: string, params: ImageParams = {}, options?: CallOptions): Promise<QrImage> {
    const res = await this.http.request<Uint8Array>({
      method: 'GET',
      path: `/qrcodes/${id(codeId)}/image`,
      query: { ...params },
      expect: 'bytes',
      signal: options?.signal,
    });
    const disposition = res.headers.get('content-disposition') ?? '';
    return {
      data: res.data,
      contentType: res.headers.get('content-type') ?? 'application/octet-stream',
      filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null,
    };
  }
}
