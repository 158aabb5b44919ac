import type Redis from 'ioredis';
import { type Clock, FixedWindowCounter, type Log, systemClock } from '@qr/domain';

export interface RateLimiter {
  /**
   * True when `key` may make one more request in the current fixed window of `windowMs`
   * (one second unless said otherwise: the API's per-second limits).
   */
  allow(key: string, limit: number, windowMs?: number): Promise<boolean>;
}

/** All-in-one: counters in this process, one set of windows per window length. */
export class InProcessRateLimiter implements RateLimiter {
  private readonly counters = new Map<number, FixedWindowCounter>();

  constructor(private readonly clock: Clock = systemClock) {}

  async allow(key: string, limit: number, windowMs = 1000): Promise<boolean> {
    let counter = this.counters.get(windowMs);
    if (!counter) this.counters.set(windowMs, (counter = new FixedWindowCounter(windowMs, this.clock)));
    return counter.hit(key, limit).allowed;
  }
}

const INCR_WITH_TTL = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

/**
 * Distributed: one counter per key and window in Redis, shared by every gateway replica.
 * When Redis does not answer, each replica falls back to its own in-process window: the
 * limit then applies per replica instead of globally (documented in docs/operations.md),
 * and no request fails because Redis is down.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly fallback = new InProcessRateLimiter(this.clock);
  private degraded = false;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly log: Log,
    private readonly clock: Clock = systemClock,
  ) {}

  async allow(key: string, limit: number, windowMs = 1000): Promise<boolean> {
    const window = Math.floor(this.clock().getTime() / windowMs);
    try {
      const n = (await this.redis.eval(
        INCR_WITH_TTL,
        1,
        `${this.prefix}rl:${key}:${windowMs === 1000 ? window : `${windowMs}:${window}`}`,
        String(2 * windowMs),
      )) as number;
      if (this.degraded) {
        this.degraded = false;
        this.log.event('info', 'rate limiter back on Redis');
      }
      return n <= limit;
    } catch (err) {
      if (!this.degraded) {
        this.degraded = true;
        this.log.event('warn', 'rate limiter falling back to in-process counters', { error: String(err) });
      }
      return this.fallback.allow(key, limit, windowMs);
    }
  }
}
