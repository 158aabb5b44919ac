import { hash } from 'node:crypto';

// NUL cannot occur in an IP address or an HTTP header value, so the three parts cannot run into
// each other: ("a", "bc") and ("ab", "c") hash differently.
const SEPARATOR = '\u0000';

/**
 * Hex SHA-256 (first 32 chars) of salt, ip and user agent: a unique-visitor key that cannot be
 * reversed and changes daily with the salt. The salt is what makes it irreversible (the IPv4 space
 * is small enough to hash whole), so it must be random, secret and thrown away after its day.
 *
 * @example visitorHash(saltOf(utcDayOf(now)), '203.0.113.7', 'Mozilla/5.0 …') // '3f1c…' (32 hex chars)
 */
export function visitorHash(dailySalt: string, ip: string | null, userAgent: string | undefined): string {
  // One-shot `hash` (no Hash object per call): this runs for every scan.
  return hash('sha256', `${dailySalt}${SEPARATOR}${ip ?? ''}${SEPARATOR}${userAgent ?? ''}`, 'hex').slice(0, 32);
}
