/** Loose on purpose: an email is whatever has one @ between non-blank parts; delivery is the proof. */
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * The one spelling of an email the platform keeps and compares: trimmed and lower-cased, so
 * `Ana@Example.com ` signs in as `ana@example.com`. A non-string is ''.
 *
 * @example normalizeEmail(' Ana@Example.com ') // 'ana@example.com'
 */
export function normalizeEmail(value: unknown): string {
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}

export function isEmailAddress(value: string): boolean {
  return EMAIL.test(value);
}
