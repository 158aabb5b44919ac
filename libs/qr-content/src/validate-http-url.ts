import type { FieldError } from '@qr/domain';
import { CONTENT_LIMITS } from './content-limits';
import { codePointLength } from './validation/field-checker';

/*
 * URL rules shared by website content, destinations' target_url and fallback_url. These URLs end
 * up in a `Location` header, a QR pattern and hosted pages, so the rules refuse anything that a
 * browser, a phone's scanner and our own parser could read differently:
 *
 * - a string of 1..2048 characters ('required', 'too_long');
 * - no whitespace or control character anywhere — ASCII (space, TAB, LF, NUL, …), Unicode spaces
 *   (U+00A0, U+2028, …), C1 controls, zero-width and bidi-override characters — and no backslash
 *   ('invalid_url'): WHATWG parsers strip or reinterpret them, which is how `java\tscript:` and
 *   `https:\\evil` tricks work;
 * - the scheme is http or https in any case ('unsupported_scheme' for `javascript:`, `data:`,
 *   `file:`, `vbscript:`, `ftp:`, …), followed by exactly `//` and a host: scheme-relative `//x`,
 *   `https:x` and `https:///x` are 'invalid_url';
 * - it parses with WHATWG `new URL()` with a non-empty hostname ('invalid_url');
 * - no user info, not even an empty `@` ('credentials_not_allowed'): `https://bank.com@evil.tld`
 *   is the classic phishing disguise.
 *
 * The URL is validated as given and never rewritten.
 */

// \s covers ASCII and Unicode spaces (U+00A0, U+1680, U+2000–U+200A, U+2028/9, U+202F, U+205F,
// U+3000, U+FEFF); the rest are controls and invisible format characters.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN_CHARS = /[\s\u0000-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\\]/;
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
const HTTP_PREFIX = /^https?:\/\/(?!\/)/i;

/**
 * Every problem with `value` as an absolute http(s) URL, reported at `pointer`; empty when valid.
 *
 * @example validateHttpUrl('javascript:alert(1)', '/content/url')
 * // [{ pointer: '/content/url', code: 'unsupported_scheme', detail: '…' }]
 */
export function validateHttpUrl(value: unknown, pointer: string): FieldError[] {
  const problem = urlProblem(value);
  return problem ? [{ pointer, code: problem[0], detail: problem[1] }] : [];
}

type Problem = [code: string, detail: string];

function urlProblem(value: unknown): Problem | undefined {
  if (value === undefined) return ['required', 'This field is required.'];
  if (typeof value !== 'string') return ['invalid_type', 'Must be a string.'];
  if (value === '') return ['required', 'Must not be empty.'];
  if (codePointLength(value) > CONTENT_LIMITS.url) return ['too_long', `At most ${CONTENT_LIMITS.url} characters.`];
  if (FORBIDDEN_CHARS.test(value)) {
    return ['invalid_url', 'Must not contain whitespace, control characters or backslashes; percent-encode them.'];
  }
  const scheme = SCHEME.exec(value)?.[1];
  if (scheme === undefined) return ['invalid_url', 'Must be an absolute URL starting with http:// or https://.'];
  if (!/^https?$/i.test(scheme)) return ['unsupported_scheme', 'Only http and https URLs are allowed.'];
  if (!HTTP_PREFIX.test(value)) return ['invalid_url', 'Must be an absolute URL starting with http:// or https://.'];
  return parsedProblem(value);
}

function parsedProblem(value: string): Problem | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return ['invalid_url', 'Is not a valid URL.'];
  }
  if (url.hostname === '') return ['invalid_url', 'Must have a host name.'];
  // The raw authority, not url.username: WHATWG drops an empty `@`, which still disguises the host.
  const authority = value.slice(value.indexOf('//') + 2).split(/[/?#]/, 1)[0] ?? '';
  if (authority.includes('@') || url.username !== '' || url.password !== '') {
    return ['credentials_not_allowed', 'Must not contain a user name or password.'];
  }
  return undefined;
}
