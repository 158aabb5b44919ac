// \s covers ASCII and Unicode spaces (U+00A0, U+1680, U+2000–U+200A, U+2028/9, U+202F, U+205F,
// U+3000, U+FEFF); the rest are controls and invisible format characters. WHATWG URL strips or
// reinterprets them (`java\tscript:`, `https:\\evil`), so the string checked would not be the URL used.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN_CHARS = /[\s\u0000-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\\]/;
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
// Exactly `//` then an authority: WHATWG would turn `http:/x` or `http:///x` into `http://x/`.
const HTTP_PREFIX = /^https?:\/\/(?!\/)/i;

/** Why a string is not a safe absolute http(s) URL; each caller words its own message. */
export type HttpUrlFault = 'forbidden_chars' | 'unsupported_scheme' | 'not_absolute_http' | 'unparseable' | 'no_host' | 'credentials';

/**
 * The first fault of `value` as an absolute http(s) URL that a browser, a scanner and our own parser
 * all read the same way, or null. Shared by QR content URLs (@qr/qr-content) and webhook endpoints
 * (@qr/webhook-rules); length and type checks stay with them.
 *
 * @example httpUrlFault('https://bank.com@evil.tld/') // 'credentials'
 */
export function httpUrlFault(value: string): HttpUrlFault | null {
  if (FORBIDDEN_CHARS.test(value)) return 'forbidden_chars';
  const scheme = SCHEME.exec(value)?.[1];
  if (scheme !== undefined && !/^https?$/i.test(scheme)) return 'unsupported_scheme';
  if (!HTTP_PREFIX.test(value)) return 'not_absolute_http';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'unparseable';
  }
  if (url.hostname === '') return 'no_host';
  // The raw authority, not url.username: WHATWG drops an empty `@`, which still disguises the host.
  const authority = value.slice(value.indexOf('//') + 2).split(/[/?#]/, 1)[0] ?? '';
  if (authority.includes('@') || url.username !== '' || url.password !== '') return 'credentials';
  return null;
}
