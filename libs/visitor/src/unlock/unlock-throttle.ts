import { type ThrottleLimit } from '@qr/domain';

const WINDOW_MS = 15 * 60_000;
/** One address guessing one code: ten tries a quarter hour, as members' sign-in allows per account. */
export const ADDRESS_CODE_ATTEMPTS = 10;
/**
 * Everyone guessing one code. Loose, because a code on a poster is typed by many people, and a tight
 * limit would let one person lock a code for everyone; with scrypt per try it still bounds guessing
 * across many addresses to about 20,000 a day.
 */
export const CODE_ATTEMPTS = 200;

/**
 * The limits one password attempt counts against, right or wrong (a right one counts too, so the
 * throttle says nothing about which answer was right).
 *
 * @example unlockAttemptLimits('qr_1', '203.0.113.9').map((l) => l.key) // ['unlock:code:qr_1', 'unlock:addr:qr_1:203.0.113.9']
 */
export function unlockAttemptLimits(qrId: string, clientAddress: string): ThrottleLimit[] {
  return [
    { key: `unlock:code:${qrId}`, limit: CODE_ATTEMPTS, windowMs: WINDOW_MS },
    { key: `unlock:addr:${qrId}:${clientAddress}`, limit: ADDRESS_CODE_ATTEMPTS, windowMs: WINDOW_MS },
  ];
}

/**
 * The `Retry-After` of a throttled attempt, in whole seconds: until the current fixed window ends (the
 * limiters' windows start at multiples of their length since the epoch, in process and in Redis alike).
 *
 * @example unlockRetryAfterSeconds(new Date(Date.UTC(2026, 0, 1, 10, 14, 30))) // 30
 */
export function unlockRetryAfterSeconds(now: Date): number {
  const t = now.getTime();
  return Math.max(1, Math.ceil((WINDOW_MS - (t % WINDOW_MS)) / 1000));
}
