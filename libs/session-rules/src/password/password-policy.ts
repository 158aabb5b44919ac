import { type FieldError } from '@qr/domain';

/** NIST SP 800-63B: length is what counts; no composition rules, no forced rotation. */
export const MIN_PASSWORD_LENGTH = 10;
/** scrypt takes any length, but a bound keeps one request from costing more than the next. */
export const MAX_PASSWORD_LENGTH = 256;

/**
 * Passwords are compared after NFKC normalisation, so the same password typed on two keyboards
 * (composed or decomposed accents, full-width digits) is the same password.
 */
export function normalizePassword(password: string): string {
  return password.normalize('NFKC');
}

/**
 * Problems with a new password, as field errors at `pointer`. Length is counted in code points of
 * the normalised text; a password made of one repeated character or equal to the email is refused.
 *
 * @example
 * checkNewPassword('short', 'ana@example.com', '/password') // [{ pointer: '/password', code: 'too_short', … }]
 */
export function checkNewPassword(password: unknown, email: string, pointer: string): FieldError[] {
  if (typeof password !== 'string') return [{ pointer, code: 'invalid_type', detail: 'the password must be a string' }];
  const normalized = normalizePassword(password);
  const length = [...normalized].length;
  if (length < MIN_PASSWORD_LENGTH) return [{ pointer, code: 'too_short', detail: `use at least ${MIN_PASSWORD_LENGTH} characters` }];
  if (length > MAX_PASSWORD_LENGTH) return [{ pointer, code: 'too_long', detail: `use at most ${MAX_PASSWORD_LENGTH} characters` }];
  if (new Set(normalized).size === 1) return [{ pointer, code: 'too_weak', detail: 'a password of one repeated character is too easy to guess' }];
  if (normalized.toLowerCase() === email.toLowerCase()) return [{ pointer, code: 'too_weak', detail: 'the password must not be your email address' }];
  return [];
}
