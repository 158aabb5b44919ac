import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'qr-dashboard-csrf-v1';

/**
 * The CSRF token that goes with a cookie secret (the session token, or the pre-sign-in cookie):
 * an HMAC of a fixed purpose keyed by that secret. Nothing extra is stored, a page on another site
 * cannot compute it (it cannot read the HttpOnly cookie), and it changes whenever the session does.
 *
 * @example
 * csrfTokenFor(sessionToken) // 'k3J…' (43 characters)
 */
export function csrfTokenFor(cookieSecret: string): string {
  return createHmac('sha256', cookieSecret).update(PURPOSE).digest('base64url');
}

/** Constant-time check of a token offered in the `X-CSRF-Token` header (or a form field). */
export function csrfTokenMatches(cookieSecret: string, offered: unknown): boolean {
  if (typeof offered !== 'string') return false;
  const expected = Buffer.from(csrfTokenFor(cookieSecret));
  const given = Buffer.from(offered);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
