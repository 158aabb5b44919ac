import type { FieldError } from '@qr/domain';

export type WebhookUrlCheck = { ok: true; url: URL } | { ok: false; errors: FieldError[] };

const MAX_URL_LENGTH = 2048;
// Whitespace, ASCII/C1 controls, zero-width and bidi characters, backslash: WHATWG URL strips or
// reinterprets them, so the string we validated would not be the URL we dial.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN_CHARS = /[\s\u0000-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\\]/;
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
// Exactly `//` then an authority: WHATWG would turn `http:/x` or `http:///x` into `http://x/`.
const HTTP_PREFIX = /^https?:\/\/(?!\/)/i;

/**
 * The endpoint URL of a webhook, parsed, or FieldErrors at `pointer`: a string of at most 2048
 * characters, http or https only (`unsupported_scheme`), no whitespace or controls, a host, and no
 * user info (`credentials_not_allowed`). Numeric hosts (`2130706433`, `0x7f.1`, `0177.0.0.1`,
 * `[::ffff:127.0.0.1]`) come back normalised by WHATWG URL (`127.0.0.1`, `[::ffff:7f00:1]`); this
 * function does not judge addresses — pass `url.hostname` (or, for a name, every address it
 * resolves to) to `isDialableAddress`.
 *
 * @example
 * parseWebhookUrl('http://2130706433/hook', '/url') // { ok: true, url } with url.hostname === '127.0.0.1'
 * parseWebhookUrl('ftp://example.com/', '/url') // { ok: false, errors: [{ pointer: '/url', code: 'unsupported_scheme', … }] }
 */
export function parseWebhookUrl(value: unknown, pointer: string): WebhookUrlCheck {
  const checked = check(value);
  if (typeof checked === 'string') return { ok: true, url: new URL(checked) };
  return { ok: false, errors: [{ pointer, code: checked[0], detail: checked[1] }] };
}

type Problem = [code: string, detail: string];

/** The valid URL text, or the first problem with it. */
function check(value: unknown): string | Problem {
  if (value === undefined || value === null) return ['required', 'This field is required.'];
  if (typeof value !== 'string') return ['invalid_type', 'Must be a string.'];
  if (value === '') return ['required', 'Must not be empty.'];
  if ([...value].length > MAX_URL_LENGTH) return ['too_long', `At most ${MAX_URL_LENGTH} characters.`];
  if (FORBIDDEN_CHARS.test(value)) return ['invalid_url', 'Must not contain whitespace, control characters or backslashes.'];
  const scheme = SCHEME.exec(value)?.[1];
  if (scheme !== undefined && !/^https?$/i.test(scheme)) return ['unsupported_scheme', 'Only http and https URLs are allowed.'];
  if (!HTTP_PREFIX.test(value)) return ['invalid_url', 'Must be an absolute URL starting with http:// or https://.'];
  return parsedProblem(value) ?? value;
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
    return ['credentials_not_allowed', 'Must not contain a user name or password: the secret signs the requests.'];
  }
  return undefined;
}
