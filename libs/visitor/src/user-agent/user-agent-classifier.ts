import { LRUCache } from 'lru-cache';
import { classifyUserAgent } from './classify-user-agent';
import type { UserAgentInfo } from './user-agent-info';

// A few hundred User-Agents make most of the traffic; 1,000 entries hold them with room to spare.
const DEFAULT_CACHE_SIZE = 1_000;
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
  private readonly cache: LRUCache<string, UserAgentInfo> | null;

  /**
   * @param cacheSize most User-Agents remembered (0 turns the cache off).
   * @param classifyUncached the uncached classification; replaceable so tests can count parses.
   */
  constructor(
    cacheSize: number = DEFAULT_CACHE_SIZE,
    private readonly classifyUncached: (userAgent: string) => UserAgentInfo = classifyUserAgent,
  ) {
    this.cache = cacheSize > 0 ? new LRUCache({ max: cacheSize }) : null;
  }

  /** Classifies a User-Agent header value; a missing or empty one is `other`, not a bot. */
  classify(userAgent: string | undefined): UserAgentInfo {
    const ua = userAgent ?? '';
    if (ua.length > MAX_CACHED_LENGTH) return Object.freeze(this.classifyUncached(ua));
    const cached = this.cache?.get(ua);
    if (cached) return cached;
    const info = Object.freeze(this.classifyUncached(ua));
    this.cache?.set(ua, info);
    return info;
  }
}
