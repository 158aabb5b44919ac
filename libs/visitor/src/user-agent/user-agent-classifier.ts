import { LRUCache } from 'lru-cache';
import { classifyUserAgent } from './classify-user-agent';
import type { UserAgentInfo } from './user-agent-info';

// A few hundred User-Agents make most of the traffic; 1,000 entries hold them with room to spare.
const CACHE_SIZE = 1_000;
// Real browsers send 100–300 characters. Longer values are rare or crafted: classifying them
// uncached keeps a flood of unique 16 KB headers from pinning megabytes in the cache.
const MAX_CACHED_LENGTH = 512;

/**
 * ua-parser-js 1.x + isbot, memoised in a bounded LRU (the same few hundred UAs make most traffic).
 * Results are frozen: one cached value is handed to many callers.
 *
 * @example
 * const classifier = new UserAgentClassifier();
 * classifier.classify(req.headers['user-agent']);
 * // { device: 'desktop', os: 'Windows', osKey: 'windows', browser: 'Chrome', isBot: false }
 */
export class UserAgentClassifier {
  private readonly cache = new LRUCache<string, UserAgentInfo>({ max: CACHE_SIZE });

  /** Classifies a User-Agent header value; a missing or empty one is `other`, not a bot. */
  classify(userAgent: string | undefined): UserAgentInfo {
    const ua = userAgent ?? '';
    if (ua.length > MAX_CACHED_LENGTH) return Object.freeze(classifyUserAgent(ua));
    const cached = this.cache.get(ua);
    if (cached) return cached;
    const info = Object.freeze(classifyUserAgent(ua));
    this.cache.set(ua, info);
    return info;
  }
}
