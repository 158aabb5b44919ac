import { codePointLength, type FieldError, type HttpUrlFault, httpUrlFault } from '@qr/domain';
import { CONTENT_LIMITS } from './content-limits';

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
  const fault = httpUrlFault(value);
  return fault ? FAULTS[fault] : undefined;
}

const FAULTS: Record<HttpUrlFault, Problem> = {
  forbidden_chars: ['invalid_url', 'Must not contain whitespace, control characters or backslashes; percent-encode them.'],
  unsupported_scheme: ['unsupported_scheme', 'Only http and https URLs are allowed.'],
  not_absolute_http: ['invalid_url', 'Must be an absolute URL starting with http:// or https://.'],
  unparseable: ['invalid_url', 'Is not a valid URL.'],
  no_host: ['invalid_url', 'Must have a host name.'],
  credentials: ['credentials_not_allowed', 'Must not contain a user name or password.'],
};
