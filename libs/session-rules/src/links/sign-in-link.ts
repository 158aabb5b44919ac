/** Invitations and first-run links last three days unless the operator says otherwise. */
export const DEFAULT_LINK_LIFETIME_MS = 72 * 3_600_000;
/** A link is a password-setting credential: a month is the longest anyone may ask for. */
export const MAX_LINK_LIFETIME_MS = 30 * 24 * 3_600_000;

/**
 * The URL a person opens to set their password. The token travels in the fragment, which browsers
 * never send to a server or put in a Referer, so it cannot land in an access log on the way.
 *
 * @example
 * signInLinkUrl('https://qr.example.com', 'abc…') // 'https://qr.example.com/app/welcome#token=abc…'
 */
export function signInLinkUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/app/welcome#token=${token}`;
}

export type LinkStatus = 'usable' | 'used' | 'expired';

export function signInLinkStatusAt(link: { expiresAt: number; usedAt: number | null }, now: number): LinkStatus {
  if (link.usedAt !== null) return 'used';
  return now >= link.expiresAt ? 'expired' : 'usable';
}
