import { type Clock, systemClock } from '../time/clock';

/** One limit of an attempt throttle: at most `limit` attempts per fixed window. */
export interface ThrottleLimit {
  key: string;
  limit: number;
  windowMs: number;
}

export interface RateDecision {
  allowed: boolean;
  /** Milliseconds until the current window closes. */
  resetMs: number;
}

/**
 * Per-key fixed one-second windows kept in memory: the all-in-one limiter,
 * and the fallback when Redis cannot be reached. Old windows are dropped as it goes.
 */
export class FixedWindowCounter {
  private windowStart = 0;
  private counts = new Map<string, number>();

  constructor(
    private readonly windowMs: number,
    private readonly clock: Clock = systemClock,
  ) {}

  hit(key: string, limit: number): RateDecision {
    const now = this.clock().getTime();
    const start = now - (now % this.windowMs);
    if (start !== this.windowStart) {
      this.windowStart = start;
      this.counts = new Map();
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    return { allowed: count <= limit, resetMs: start + this.windowMs - now };
  }
}
