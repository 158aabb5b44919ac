/** `sms`: a number to text, E.164, with an optional prefilled message. */
export interface SmsContent {
  number: string;
  message?: string;
}

/**
 * The static pattern text: `SMSTO:<number>:<message>`, the form iOS, Android and ZXing all read.
 * It has no escaping: readers split at the first colon after the number, so colons in the
 * message survive.
 *
 * @example smstoPayload({ number: '+4930123456', message: 'Hi: 2' }) // 'SMSTO:+4930123456:Hi: 2'
 */
export function smstoPayload(content: SmsContent): string {
  return `SMSTO:${content.number}:${content.message ?? ''}`;
}

/**
 * The redirect target of a dynamic sms code: `sms:<number>?body=<percent-encoded>` (RFC 5724),
 * the form browsers hand to the messaging app; no `?body=` without a message. A space is `%20`: not
 * every `sms:` reader decodes `+`.
 */
export function smsUri(content: SmsContent): string {
  const body = content.message ? `?body=${encodeURIComponent(content.message)}` : '';
  return `sms:${content.number}${body}`;
}
