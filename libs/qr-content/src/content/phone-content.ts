import { type FieldChecker } from '@qr/domain';

/** `phone`: a number to call, E.164 (`+4930123456`). */
export interface PhoneContent {
  number: string;
}

/** E.164: a plus, a country code not starting with 0, 7 to 15 digits in all. */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/;

/**
 * Reads `obj[key]` as an E.164 number; shared by phone and sms. The length bound is loose so an
 * over-long number reads 'invalid' (the pattern), like any other wrong number.
 */
export function checkE164(check: FieldChecker, obj: Record<string, unknown>, key: string, base: string): string | undefined {
  return check.matching(
    obj,
    key,
    base,
    { required: true, max: 64 },
    E164_PATTERN,
    'Must be an E.164 number: + and 7 to 15 digits, no spaces, like +4930123456.',
  );
}

/** Checks phone content: `{number}` in E.164. */
export function checkPhoneContent(check: FieldChecker, value: unknown, pointer: string): void {
  const content = check.object(value, pointer, ['number']);
  if (!content) return;
  checkE164(check, content, 'number', pointer);
}

/**
 * The `tel:` URI of a phone code (RFC 3966); E.164 needs no escaping.
 *
 * @example telUri({ number: '+4930123456' }) // 'tel:+4930123456'
 */
export function telUri(content: PhoneContent): string {
  return `tel:${content.number}`;
}
