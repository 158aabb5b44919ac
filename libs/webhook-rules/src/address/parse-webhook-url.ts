import { type FieldError, type HttpUrlFault, httpUrlFault } from '@qr/domain';

export type WebhookUrlCheck = { ok: true; url: URL } | { ok: false; errors: FieldError[] };

const MAX_URL_LENGTH = 2048;

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
  const fault = httpUrlFault(value);
  return fault ? FAULTS[fault] : value;
}

const FAULTS: Record<HttpUrlFault, Problem> = {
  forbidden_chars: ['invalid_url', 'Must not contain whitespace, control characters or backslashes.'],
  unsupported_scheme: ['unsupported_scheme', 'Only http and https URLs are allowed.'],
  not_absolute_http: ['invalid_url', 'Must be an absolute URL starting with http:// or https://.'],
  unparseable: ['invalid_url', 'Is not a valid URL.'],
  no_host: ['invalid_url', 'Must have a host name.'],
  credentials: ['credentials_not_allowed', 'Must not contain a user name or password: the secret signs the requests.'],
};
