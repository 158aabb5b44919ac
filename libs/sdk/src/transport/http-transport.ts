import { apiErrorFromResponse } from '../errors/api-error-from-response.js';
import { QrApiError, QrConnectionError, QrError } from '../errors/qr-error.js';
import { isRetryable, retryDelayMs } from './retry-policy.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

/** One API call as the resources describe it. */
export interface ApiRequest {
  method: HttpMethod;
  /** Path below the API base, e.g. `/qrcodes/qr_123`; callers encode path parameters. */
  path: string;
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Whether repeating the request after a 5xx or a lost connection is safe; default: every method but POST. */
  idempotent?: boolean;
  /** How to read a successful answer; default json. */
  expect?: 'json' | 'text' | 'bytes';
  signal?: AbortSignal;
}

export interface ApiResponse<T> {
  status: number;
  headers: Headers;
  data: T;
}

/** What the SDK tells `onRetry` before it waits and sends a request again. */
export interface RetryInfo {
  method: HttpMethod;
  path: string;
  /** 1 for the first retry. */
  retry: number;
  delayMs: number;
  error: QrError;
}

export interface TransportSettings {
  apiKey: string;
  /** e.g. `http://localhost:3000/api/public/v1`, without a trailing slash. */
  apiBase: string;
  maxRetries: number;
  timeoutMs: number;
  maxRetryDelayMs: number;
  fetch: typeof fetch;
  headers: Record<string, string>;
  userAgent: string;
  random: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  onRetry?: (info: RetryInfo) => void;
}

/**
 * Sends API requests with the key, reads answers, and retries what {@link isRetryable} allows,
 * waiting as {@link retryDelayMs} says. Every failure leaves as a QrApiError or QrConnectionError.
 */
export class HttpTransport {
  constructor(private readonly settings: TransportSettings) {}

  async request<T>(req: ApiRequest): Promise<ApiResponse<T>> {
    const idempotent = req.idempotent ?? req.method !== 'POST';
    for (let attempt = 0; ; attempt++) {
      let error: QrError;
      try {
        return await this.attempt<T>(req);
      } catch (err) {
        if (req.signal?.aborted || !(err instanceof QrError)) throw err;
        error = err;
      }
      const retryAfter = error instanceof QrApiError ? error.retryAfter : null;
      if (attempt >= this.settings.maxRetries || !isRetryable(error, idempotent)) throw error;
      const delayMs = retryDelayMs(attempt, retryAfter, this.settings.random);
      // A long Retry-After (an outage, a maintenance window) is the caller's decision, not ours.
      if (delayMs > this.settings.maxRetryDelayMs) throw error;
      this.settings.onRetry?.({ method: req.method, path: req.path, retry: attempt + 1, delayMs, error });
      await this.settings.sleep(delayMs, req.signal);
    }
  }

  /** The answer's body. */
  async send<T>(req: ApiRequest): Promise<T> {
    return (await this.request<T>(req)).data;
  }

  /** One try: the answer, or a QrApiError / QrConnectionError. The timeout covers reading the body too. */
  private async attempt<T>(req: ApiRequest): Promise<ApiResponse<T>> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.settings.timeoutMs);
    const onAbort = () => controller.abort(req.signal?.reason);
    req.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const res = await this.settings.fetch(this.url(req), {
        method: req.method,
        headers: this.headers(req),
        body: req.body === undefined ? undefined : JSON.stringify(req.body),
        signal: controller.signal,
        // The API never redirects: a 3xx means a wrong baseUrl (http for https, a missing path), reported as an error.
        redirect: 'manual',
      });
      if (!res.ok) throw await apiErrorFromResponse(res);
      return { status: res.status, headers: res.headers, data: (await readResponseBody(res, req.expect ?? 'json')) as T };
    } catch (err) {
      if (err instanceof QrError || req.signal?.aborted) throw err;
      if (timedOut) throw new QrConnectionError('timeout', `${req.method} ${req.path}: no answer within ${this.settings.timeoutMs} ms`, err);
      throw new QrConnectionError('connection_failed', `${req.method} ${req.path}: ${describe(err)}`, err);
    } finally {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onAbort);
    }
  }

  private url(req: ApiRequest): string {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(req.query ?? {})) {
      if (value !== undefined && value !== null) query.set(name, String(value));
    }
    const qs = query.toString();
    return `${this.settings.apiBase}${req.path}${qs ? `?${qs}` : ''}`;
  }

  private headers(req: ApiRequest): Record<string, string> {
    return {
      ...this.settings.headers,
      authorization: `Bearer ${this.settings.apiKey}`,
      accept: req.expect === 'bytes' ? '*/*' : req.expect === 'text' ? 'text/csv, application/problem+json' : 'application/json, application/problem+json',
      'user-agent': this.settings.userAgent,
      ...(req.body === undefined ? {} : { 'content-type': 'application/json' }),
    };
  }
}

async function readResponseBody(res: Response, expect: 'json' | 'text' | 'bytes'): Promise<unknown> {
  if (expect === 'bytes') return new Uint8Array(await res.arrayBuffer());
  const text = await res.text();
  if (expect === 'text' || text === '') return expect === 'text' ? text : undefined;
  try {
    return JSON.parse(text);
  } catch {
    // A success that is not JSON did not come from the API (a captive portal, a wrong baseUrl).
    const requestId = res.headers.get('x-request-id');
    const detail = `Expected JSON from the API, got ${res.headers.get('content-type') ?? 'no content type'}: ${text.slice(0, 100)}`;
    throw new QrApiError({ status: res.status, code: 'invalid_response', title: 'Invalid response', detail, requestId });
  }
}

/** fetch's TypeError says only "fetch failed"; the reason (ECONNREFUSED, a DNS failure) is its cause. */
function describe(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
  if (cause?.code) return `${cause.code}${cause.message ? ` (${cause.message})` : ''}`;
  return err instanceof Error ? err.message : String(err);
}

/** setTimeout as a promise that an AbortSignal cuts short (rejecting with the signal's reason). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
