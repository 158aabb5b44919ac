import { QrApiError, QrConnectionError } from '../errors/qr-error.js';
import { parseRetryAfter } from './parse-retry-after.js';
import { isRetryable, retryDelayMs } from './retry-policy.js';

const apiError = (status: number, code: string) => new QrApiError({ status, code, title: code, detail: code, requestId: null });

describe('isRetryable', () => {
  it.each([
    [429, 'rate_limited', false, true],
    [429, 'rate_limited', true, true],
    [429, 'quota_exceeded', true, false],
    [429, 'dynamic_allowance_exceeded', true, false],
    [500, 'internal_error', true, true],
    [500, 'internal_error', false, false],
    [502, 'http_error', true, true],
    [503, 'service_unavailable', true, true],
    [504, 'http_error', true, true],
    [501, 'http_error', true, false],
    [400, 'invalid_json', true, false],
    [404, 'not_found', true, false],
    [409, 'conflict', true, false],
    [422, 'validation_failed', true, false],
  ])('%i %s (safe to repeat: %s) → %s', (status, code, idempotent, expected) => {
    expect(isRetryable(apiError(status, code), idempotent)).toBe(expected);
  });

  it('retries a lost connection only when the request is safe to repeat', () => {
    const lost = new QrConnectionError('connection_failed', 'ECONNRESET', null);
    expect(isRetryable(lost, true)).toBe(true);
    expect(isRetryable(lost, false)).toBe(false);
  });
});

describe('retryDelayMs', () => {
  it('backs off exponentially from 0.5 s, half fixed and half random, capped at 8 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((attempt) => retryDelayMs(attempt, null, () => 0))).toEqual([250, 500, 1000, 2000, 4000, 4000, 4000]);
    expect([0, 1, 2, 3, 4, 5, 9].map((attempt) => retryDelayMs(attempt, null, () => 0.999999))).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
  });

  it('never waits less than Retry-After, and still spreads clients refused together', () => {
    expect(retryDelayMs(0, 1, () => 0)).toBe(1000);
    expect(retryDelayMs(0, 1, () => 0.5)).toBe(1125);
    expect(retryDelayMs(3, 1, () => 0)).toBe(2000);
    expect(retryDelayMs(0, 30, () => 0.5)).toBe(30_125);
    expect(retryDelayMs(0, 0, () => 0)).toBe(250);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-10-21T07:27:00Z');
  it.each([
    ['1', 1],
    [' 120 ', 120],
    ['Wed, 21 Oct 2026 07:28:00 GMT', 60],
    ['Wed, 21 Oct 2026 07:20:00 GMT', 0],
    ['soon', null],
    ['-5', null],
    ['1.5', null],
  ])('%p → %p', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });

  it('is null without the header', () => {
    expect(parseRetryAfter(null)).toBeNull();
  });
});
