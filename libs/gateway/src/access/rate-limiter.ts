import type Redis from 'ioredis';
import { type Clock, FixedWindowCounter, type Log, systemClock } from '@qr/domain';

export interface RateLimiter {
  /** True when the key may make one more request in the current second. */
  allow(key: string, perSecond: number): Promise<boolean>;
}

/** All-in-one: counters in this process. */
export class InProcessRateLimiter implements RateLimiter {
  private readonly counter: FixedWindowCounter;

  constructor(clock: Clock = systemClock) {
    this.counter = new FixedWindowCounter(1000, clock);
  }

  async allow(key: string, perSecond: number): Promise<boolean> {
    return this.counter.hit(key, perSecond).allowed;
  }
}

const INCR_WITH_TTL = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

/**
 * Distributed: one counter per key and second in Redis, shared by every gateway replica.
 * When Redis does not answer, each replica falls back to its own in-process window: the
 * limit then applies per replica instead of globally (documented in docs/operations.md),
 * and no request fails because Redis is down.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly fallback: InProcessRateLimiter;
  private degraded = false;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly log: Log,
    private readonly clock: Clock = systemClock,
  ) {
    this.fallback = new InProcessRateLimiter(clock);
  }

  async allow(key: string, perSecond: number): Promise<boolean> {
    const second = Math.floor(this.clock().getTime() / 1000);
    try {
      const n = (await this.redis.eval(INCR_WITH_TTL, 1, `${this.prefix}rl:${key}:${second}`, '2000')) as number;
      if (this.degraded) {
        this.degraded = false;
        this.log.event('info', 'rate limiter back on Redis');
      }
      return n <= perSecond;
    } catch (err) {
      if (!this.degraded) {
        this.degraded = true;
        this.log.event('warn', 'rate limiter falling back to in-process counters', { error: String(err) });
      }
      return this.fallback.allow(key, perSecond);
    }
  }
}
