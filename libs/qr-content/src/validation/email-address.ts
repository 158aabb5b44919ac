import { CONTENT_LIMITS } from '../content-limits';

// A pragmatic addr-spec: dot-atom local part (ASCII atext, plus letters and digits of any script
// for internationalised mail), a domain of at least two labels. Quoted local parts and IP-literal
// domains are refused: no phone mail app handles them reliably.
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~\\p{L}\\p{N}-]+";
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?';
const EMAIL = new RegExp(`^${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+${LABEL}$`, 'u');

/**
 * Whether `value` looks like a deliverable email address (`name@example.com`), within the length
 * limits of RFC 5321 (254 in all, 64 before the `@`).
 */
export function isEmailAddress(value: string): boolean {
  const at = value.lastIndexOf('@');
  return EMAIL.test(value) && value.length <= CONTENT_LIMITS.email && at <= CONTENT_LIMITS.emailLocalPart;
}
