import { periodLengthSeconds, secondsUntilReset } from './billing-period';

/**
 * IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers) for the monthly call quota:
 * `RateLimit-Policy: "monthly";q=3000;w=2592000` and `RateLimit: "monthly";r=2975;t=864000`.
 */
export function monthlyQuotaHeaders(limit: number, used: number, now: Date): Record<string, string> {
  const remaining = Math.max(0, limit - used);
  return {
    'RateLimit-Policy': `"monthly";q=${limit};w=${periodLengthSeconds(now)}`,
    RateLimit: `"monthly";r=${remaining};t=${secondsUntilReset(now)}`,
  };
}
