import { parseRetryAfter } from './parse-retry-after';

export type AttemptOutcome = { kind: 'delivered' } | { kind: 'retry'; retryAfterMs: number | null; reason: string } | { kind: 'disable'; reason: string };

// Only these two statuses define Retry-After as "come back later"; elsewhere it is noise.
const HONOURS_RETRY_AFTER = new Set([429, 503]);

/**
 * What one delivery attempt means (docs/api.md, "Deliveries"): 2xx delivered; 410 disables the endpoint; 3xx is a
 * failure (redirects are never followed: the target was vetted, the Location was not) and retries,
 * as do 1xx, 4xx, 5xx and network errors or timeouts (`status: null`). 429 and 503 carry their
 * `Retry-After` (seconds or HTTP-date, relative to `now`) for `nextAttemptAt`.
 *
 * @example
 * classifyAttempt({ status: 503, retryAfter: '120', now }) // { kind: 'retry', retryAfterMs: 120000, reason: 'http_503' }
 * classifyAttempt({ status: null, error: 'timeout', now }) // { kind: 'retry', retryAfterMs: null, reason: 'network_error: timeout' }
 */
export function classifyAttempt(o: { status: number | null; retryAfter?: string | null; error?: string | null; now: Date }): AttemptOutcome {
  const { status } = o;
  if (status === null) return { kind: 'retry', retryAfterMs: null, reason: o.error ? `network_error: ${o.error}` : 'network_error' };
  if (status >= 200 && status <= 299) return { kind: 'delivered' };
  if (status === 410) return { kind: 'disable', reason: 'endpoint_gone_410' };
  if (status >= 300 && status <= 399) return { kind: 'retry', retryAfterMs: null, reason: 'redirect_not_followed' };
  const retryAfterMs = HONOURS_RETRY_AFTER.has(status) ? parseRetryAfter(o.retryAfter, o.now) : null;
  return { kind: 'retry', retryAfterMs, reason: `http_${status}` };
}
