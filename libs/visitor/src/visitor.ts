import type { UserAgentInfo } from './user-agent/user-agent-info';

/**
 * One scanner as the redirect rules see it (Shlink's `Visitor`): facts taken from the request at
 * the edge, nothing that identifies the person. Built from `UserAgentClassifier.classify`,
 * `resolveCountry` and `preferredLanguage`.
 *
 * @example
 * const visitor: Visitor = { ...classifier.classify(ua), country: resolveCountry({ ip, geoHeaderValue, trustProxy }), language: preferredLanguage(acceptLanguage) };
 */
export interface Visitor extends UserAgentInfo {
  /** ISO 3166-1 alpha-2, uppercase. */
  country: string | null;
  /** ISO 639 primary subtag, lowercase. */
  language: string | null;
}
