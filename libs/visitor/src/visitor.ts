import type { Device, OsKey } from './user-agent/user-agent-info';

/**
 * One scanner as the redirect rules see it (Shlink's `Visitor`): facts taken from the request at
 * the edge, nothing that identifies the person. Built from `UserAgentClassifier.classify`,
 * `resolveCountry` and `preferredLanguage`.
 *
 * @example
 * const visitor: Visitor = { ...classifier.classify(ua), country: resolveCountry({ ip, geoHeaderValue, trustProxy }), language: preferredLanguage(acceptLanguage) };
 */
export interface Visitor {
  device: Device;
  /** Display name ('iOS', 'Windows', …), for analytics and webhooks. */
  os: string | null;
  /** OS family, what a destination's `os` condition matches. */
  osKey: OsKey;
  browser: string | null;
  isBot: boolean;
  /** ISO 3166-1 alpha-2, uppercase. */
  country: string | null;
  /** ISO 639 primary subtag, lowercase. */
  language: string | null;
}
