/** `phone`: a number to call, E.164 (`+4930123456`). */
export interface PhoneContent {
  number: string;
}

/** E.164: a plus, a country code not starting with 0, 7 to 15 digits in all. */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/;

/**
 * The `tel:` URI of a phone code (RFC 3966); E.164 needs no escaping.
 *
 * @example telUri({ number: '+4930123456' }) // 'tel:+4930123456'
 */
export function telUri(content: PhoneContent): string {
  return `tel:${content.number}`;
}
