import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { silentLog } from '@qr/domain';
import { TEST_REDIS_URL } from '@qr/testing';
import { RedisRateLimiter } from './rate-limiter';

describe('RedisRateLimiter against the real Redis', () => {
  const prefix = `qr:test:${randomBytes(4).toString('hex')}:`;
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  let now = new Date('2026-11-21T10:00:00.100Z');
  const limiter = new RedisRateLimiter(redis, prefix, silentLog, () => now);

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('allows exactly the per-second limit across concurrent callers, per key, and resets each second', async () => {
    const first = await Promise.all(Array.from({ length: 12 }, () => limiter.allow('key_a', 5)));
    expect(first.filter(Boolean)).toHaveLength(5);
    expect(await limiter.allow('key_b', 5)).toBe(true);
    now = new Date('2026-11-21T10:00:01.050Z');
    expect(await limiter.allow('key_a', 5)).toBe(true);
    const ttl = await redis.pttl(`${prefix}rl:key_a:${Math.floor(now.getTime() / 1000)}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(2000);
  });

  it('shares one count between two limiter instances (two gateway replicas)', async () => {
    const other = new RedisRateLimiter(redis, prefix, silentLog, () => now);
    now = new Date('2026-11-21T10:00:05.000Z');
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () => limiter.allow('key_s', 6)),
      ...Array.from({ length: 4 }, () => other.allow('key_s', 6)),
    ]);
    expect(results.filter(Boolean)).toHaveLength(6);
  });

  it('falls back to in-process limits when Redis cannot be reached, and still limits', async () => {
    const dead = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 0, enableOfflineQueue: false, lazyConnect: true, retryStrategy: () => null });
    const degraded = new RedisRateLimiter(dead, prefix, silentLog, () => now);
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await degraded.allow('key_x', 3));
    expect(results).toEqual([true, true, true, false, false]);
    dead.disconnect();
  });
});
