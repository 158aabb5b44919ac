/** `phone`: a number to call, E.164 (`+4930123456`). */
export interface PhoneContent {
  number: string;
}

/**
 * The `tel:` URI of a phone code (RFC 3966); E.164 needs no escaping.
 *
 * @example telUri({ number: '+4930123456' }) // 'tel:+4930123456'
 */
export function telUri(content: PhoneContent): string {
  return `tel:${content.number}`;
}
