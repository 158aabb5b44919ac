import { classifyAttempt } from './classify-attempt';
import { MAX_RETRY_AFTER_MS, nextAttemptAt } from './next-attempt-at';
import { ENDPOINT_FAILURE_WINDOW_MS, shouldDisableEndpoint } from './should-disable-endpoint';

const NOW = new Date('2026-01-01T00:00:00Z');
const S = 1_000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('nextAttemptAt', () => {
  // The default schedule (docs/api.md, "Deliveries"): 5s, 5m, 30m, 2h, 5h, 10h, 10h.
  const schedule = [5 * S, 5 * M, 30 * M, 2 * H, 5 * H, 10 * H, 10 * H];
  const at = (attempt: number, r: number, retryAfterMs?: number | null) => nextAttemptAt({ attempt, now: NOW, schedule, random: () => r, retryAfterMs });
  const offset = (d: Date | null) => (d === null ? null : d.getTime() - NOW.getTime());

  it.each([
    [1, 0, 4 * S],
    [1, 0.5, 5 * S],
    [1, 0.999999, 6 * S],
    [2, 0, 4 * M],
    [2, 0.5, 5 * M],
    [2, 0.25, 4.5 * M],
    [3, 0.75, 33 * M],
    [7, 0, 8 * H],
    [7, 0.5, 10 * H],
  ])('attempt %i with random %d waits %i ms', (attempt, r, ms) => {
    expect(offset(at(attempt, r))).toBe(ms);
  });

  it('just under 1 gives just under +20%', () => {
    const ms = offset(at(4, 1 - Number.EPSILON)) ?? 0;
    expect(ms).toBeLessThanOrEqual(2.4 * H);
    expect(ms).toBeGreaterThan(2.4 * H - 5);
  });

  it('null once the schedule is exhausted', () => {
    expect(at(8, 0.5)).toBeNull();
    expect(at(8, 0.5, 60 * S)).toBeNull();
    expect(nextAttemptAt({ attempt: 1, now: NOW, schedule: [], random: () => 0.5 })).toBeNull();
  });

  it('a Retry-After longer than the jittered delay wins, unjittered', () => {
    expect(offset(at(1, 0.999, 60 * S))).toBe(60 * S);
    expect(offset(at(1, 0, 4 * S + 1))).toBe(4 * S + 1);
  });

  it('a shorter Retry-After (or none, or 0) leaves the schedule in charge', () => {
    expect(offset(at(2, 0.5, 10 * S))).toBe(5 * M);
    expect(offset(at(2, 0.5, null))).toBe(5 * M);
    expect(offset(at(2, 0.5, 0))).toBe(5 * M);
  });

  it('Retry-After is capped at 24 h', () => {
    expect(MAX_RETRY_AFTER_MS).toBe(D);
    expect(offset(at(1, 0.5, 30 * D))).toBe(D);
  });

  it('refuses a bad attempt number or random value', () => {
    expect(() => at(0, 0.5)).toThrow(RangeError);
    expect(() => at(1.5, 0.5)).toThrow(RangeError);
    expect(() => at(1, 1)).toThrow(RangeError);
    expect(() => at(1, -0.1)).toThrow(RangeError);
    expect(() => at(1, NaN)).toThrow(RangeError);
  });
});

describe('classifyAttempt', () => {
  const classify = (status: number | null, extra: { retryAfter?: string | null; error?: string | null } = {}) =>
    classifyAttempt({ status, now: NOW, ...extra });

  it.each([200, 201, 202, 204, 299])('%i → delivered', (status) => {
    expect(classify(status)).toEqual({ kind: 'delivered' });
  });

  it.each([300, 301, 302, 303, 307, 308])('%i → retry, redirect not followed', (status) => {
    expect(classify(status, { retryAfter: '10' })).toEqual({ kind: 'retry', retryAfterMs: null, reason: 'redirect_not_followed' });
  });

  it.each([100, 400, 401, 403, 404, 408, 413, 500, 502, 504])('%i → retry', (status) => {
    expect(classify(status)).toEqual({ kind: 'retry', retryAfterMs: null, reason: `http_${status}` });
  });

  it('410 disables the endpoint', () => {
    expect(classify(410)).toEqual({ kind: 'disable', reason: 'endpoint_gone_410' });
  });

  it.each([429, 503])('%i carries Retry-After in seconds', (status) => {
    expect(classify(status, { retryAfter: '120' })).toEqual({ kind: 'retry', retryAfterMs: 120 * S, reason: `http_${status}` });
    expect(classify(status, { retryAfter: '0' })).toMatchObject({ retryAfterMs: 0 });
  });

  it.each([
    ['Thu, 01 Jan 2026 00:02:00 GMT', 2 * M],
    ['Thursday, 01-Jan-26 00:02:00 GMT', 2 * M],
    ['Thu Jan  1 00:02:00 2026', 2 * M],
    ['Wed, 31 Dec 2025 23:00:00 GMT', 0],
  ])('429/503 carry Retry-After as HTTP date %p', (retryAfter, ms) => {
    expect(classify(429, { retryAfter })).toEqual({ kind: 'retry', retryAfterMs: ms, reason: 'http_429' });
    expect(classify(503, { retryAfter })).toMatchObject({ retryAfterMs: ms });
  });

  it.each([null, undefined, '', 'soon', '-5', '1.5', '2026-01-01T00:02:00Z'])('an absent or unreadable Retry-After %p is ignored', (retryAfter) => {
    expect(classify(503, { retryAfter })).toEqual({ kind: 'retry', retryAfterMs: null, reason: 'http_503' });
  });

  it('other statuses ignore Retry-After', () => {
    expect(classify(500, { retryAfter: '120' })).toMatchObject({ retryAfterMs: null });
  });

  it('no status (network error, timeout) → retry with the error as reason', () => {
    expect(classify(null, { error: 'ECONNREFUSED' })).toEqual({ kind: 'retry', retryAfterMs: null, reason: 'network_error: ECONNREFUSED' });
    expect(classify(null, { error: 'timeout' })).toMatchObject({ kind: 'retry', reason: 'network_error: timeout' });
    expect(classify(null)).toEqual({ kind: 'retry', retryAfterMs: null, reason: 'network_error' });
  });
});

describe('shouldDisableEndpoint', () => {
  const since = new Date('2026-01-01T00:00:00Z');
  const later = (ms: number) => new Date(since.getTime() + ms);

  it('is a 5-day window', () => {
    expect(ENDPOINT_FAILURE_WINDOW_MS).toBe(5 * D);
  });

  it.each([
    [4 * D + 23 * H + 59 * M, false],
    [5 * D - 1, false],
    [5 * D, true],
    [30 * D, true],
    [0, false],
  ])('failing for %i ms → %p', (ms, expected) => {
    expect(shouldDisableEndpoint(since, later(ms))).toBe(expected);
  });

  it('never when the endpoint is not failing', () => {
    expect(shouldDisableEndpoint(null, later(365 * D))).toBe(false);
  });
});
