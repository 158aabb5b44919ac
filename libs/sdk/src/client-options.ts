import type { RetryInfo } from './transport/http-transport.js';

/** Settings of a {@link QrClient}; only `apiKey` is required. */
export interface QrClientOptions {
  /** `qrk_…`. Default: the QR_API_KEY environment variable. */
  apiKey?: string;
  /**
   * Where the server runs, e.g. `https://qr.example.com` (the SDK adds `/api/public/v1`; a URL that
   * already ends with it is used as is). Default: QR_API_URL, else `http://localhost:3000`.
   */
  baseUrl?: string;
  /** Retries of a failed request that may be retried (see the README); default 3, 0 turns retries off. */
  maxRetries?: number;
  /** Per attempt, reading the answer included; default 30,000 ms. */
  timeoutMs?: number;
  /** The longest wait before a retry the SDK accepts (a longer Retry-After is thrown instead); default 60,000 ms. */
  maxRetryDelayMs?: number;
  /** Told before each retry: for logs and metrics. */
  onRetry?: (info: RetryInfo) => void;
  /** Extra headers on every request (a proxy's auth, a trace id). */
  headers?: Record<string, string>;
  /** Added to the User-Agent, e.g. `acme-erp/4.2`. */
  userAgent?: string;
  /** A fetch to use instead of the global one (a proxy agent, instrumentation). */
  fetch?: typeof fetch;
  /** Random numbers in [0, 1) for retry jitter; for exact tests. */
  random?: () => number;
  /** How to wait between retries; for exact tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}
