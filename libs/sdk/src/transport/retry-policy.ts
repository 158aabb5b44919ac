import { QrApiError, type QrError } from '../errors/qr-error.js';

/** 5xx answers that say "try again": a bug (500), a proxy (502, 504) or a dependency down (503). */
const RETRYABLE_STATUSES = new Set([500, 502, 503, 504]);
const BASE_DELAY_MS = 500;
const MAX_BACKOFF_MS = 8_000;

/**
 * Whether the SDK sends a failed request again.
 *
 * - 429 `rate_limited`: always. The API refuses it before doing anything, so repeating is safe.
 * - 429 `quota_exceeded` or `dynamic_allowance_exceeded`: never. The month's calls or the plan's
 *   dynamic codes are used up; waiting seconds does not change that.
 * - 500, 502, 503, 504 and lost connections: only when the request is safe to repeat (reads,
 *   PATCH, DELETE, and creations that carry a `client_ref`), since the API may have acted on it.
 *
 * @example
 * isRetryable(rateLimitedError, false); // true
 * isRetryable(internalError, false);    // false: a POST without client_ref could create twice
 */
export function isRetryable(error: QrError, idempotent: boolean): boolean {
  if (error instanceof QrApiError) {
    if (error.status === 429) return error.code === 'rate_limited';
    return RETRYABLE_STATUSES.has(error.status) && idempotent;
  }
  return idempotent;
}

/**
 * Milliseconds to wait before retry number `attempt + 1`: exponential backoff from 0.5 s (capped at
 * 8 s), never sooner than Retry-After, plus a random share of the backoff so that clients refused
 * together do not come back together. `random` returns [0, 1) and is injectable for exact tests.
 *
 * @example
 * retryDelayMs(0, 1, () => 0);   // 1000: Retry-After: 1
 * retryDelayMs(2, null, () => 1); // 2000: half the 2 s backoff, plus all of its random half
 */
export function retryDelayMs(attempt: number, retryAfterSeconds: number | null, random: () => number): number {
  const backoff = Math.min(MAX_BACKOFF_MS, BASE_DELAY_MS * 2 ** attempt);
  const floor = Math.max(retryAfterSeconds === null ? 0 : retryAfterSeconds * 1000, backoff / 2);
  return Math.round(floor + random() * (backoff / 2));
}
