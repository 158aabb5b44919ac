// The platform's own email rule (that of the `email` content type), so a lead's address is one the
// API would accept anywhere else.
import type { FormField } from '@qr/api-contract';
import { isEmailAddress } from '@qr/qr-content';
import { leadValueLimit } from './lead-value-limit';

/** The outcome for one submitted field: the cleaned value (absent when blank), or a message. */
export type LeadValueCheck = { ok: true; value: string | undefined } | { ok: false; error: string };

// NUL and the other C0 controls (except TAB and LF) have no place in a lead; PostgreSQL cannot
// even store NUL in text. Line breaks are refused separately, where only a textarea allows them.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000B-\u001F\u007F]/;
// People type phone numbers the way they write them: `+49 (30) 1234-56`, `030/123 456`.
const PHONE = /^\+?[0-9(][0-9 ()./-]*$/;
const PHONE_DIGITS = { min: 5, max: 20 };

/**
 * Checks one submitted value against its form field. Line ends are normalised to `\n` (browsers
 * send a textarea's as `\r\n`, which would double-count against the limit) and the value is
 * trimmed, so what is checked is what is stored.
 *
 * @example checkLeadValue({ name: 'email', label: 'Email', type: 'email', required: true }, ' a@b.co ')
 * // { ok: true, value: 'a@b.co' }
 */
export function checkLeadValue(field: FormField, raw: unknown): LeadValueCheck {
  if (raw !== undefined && typeof raw !== 'string') return { ok: false, error: 'Send one value for this field.' };
  const value = (raw ?? '').replace(/\r\n?/g, '\n').trim();
  if (value === '') return field.required ? { ok: false, error: 'This field is required.' } : { ok: true, value: undefined };
  const error = formatError(field, value);
  return error === undefined ? { ok: true, value } : { ok: false, error };
}

function formatError(field: FormField, value: string): string | undefined {
  if (CONTROL_CHARS.test(value)) return 'Contains characters that are not allowed.';
  if (field.type !== 'textarea' && value.includes('\n')) return 'Must be on one line.';
  const limit = leadValueLimit(field.type);
  if ([...value].length > limit) return `At most ${limit} characters.`;
  if (field.type === 'email' && !isEmailAddress(value)) return 'Enter an email address like name@example.com.';
  if (field.type === 'phone' && !isPhoneNumber(value)) return 'Enter a phone number: digits, spaces, ( ) . / - and an optional leading +.';
  return undefined;
}

function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return PHONE.test(value) && digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
}
