import { type Clock, Errors, type ThrottleLimit } from '@qr/domain';
import { type RateLimiter } from '@qr/platform';

/**
 * Counts one attempt against each limit (all of them, so a refused attempt still counts everywhere)
 * and refuses with 429 and Retry-After until the fullest window ends.
 */
export async function throttle(limiter: RateLimiter, limits: readonly ThrottleLimit[], clock: Clock): Promise<void> {
  const allowed = await Promise.all(limits.map((l) => limiter.allow(l.key, l.limit, l.windowMs)));
  const refused = limits.filter((_, i) => !allowed[i]);
  if (!refused.length) return;
  const now = clock().getTime();
  const waitMs = Math.max(...refused.map((l) => l.windowMs - (now % l.windowMs)));
  throw Errors.tooManyAttempts(Math.ceil(waitMs / 1000));
}
