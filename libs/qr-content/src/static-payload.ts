import { type EmailContent, mailtoUri } from './content/email-content';
import { type LocationContent, geoUri } from './content/location-content';
import { type PhoneContent, telUri } from './content/phone-content';
import { type SmsContent, smstoPayload } from './content/sms-content';
import { type VcardContent, vcardPayload } from './content/vcard-content';
import { type WifiContent, wifiPayload } from './content/wifi-content';
import type { QrType } from './qr-types';

/*
 * What a STATIC code's pattern holds, in the formats phone cameras act on:
 *
 * | type     | payload                                                              |
 * |----------|----------------------------------------------------------------------|
 * | website  | the URL, as given                                                    |
 * | text     | the text, as given                                                   |
 * | vcard    | vCard 3.0, CRLF lines, text escaped (see vcardPayload)               |
 * | wifi     | `WIFI:T:…;S:…;P:…;H:true;;`, `\ ; , : "` escaped (see wifiPayload)    |
 * | email    | `mailto:<to>?subject=…&body=…` (RFC 6068)                            |
 * | phone    | `tel:<number>`                                                       |
 * | sms      | `SMSTO:<number>:<message>`                                           |
 * | location | `geo:<lat>,<lng>` plus `?q=<query>`                                  |
 */

type Encoder = (content: Record<string, unknown>) => string;

// The casts are safe by contract: callers pass content that validateContent accepted for the type.
const ENCODERS: Partial<Record<QrType, Encoder>> = {
  website: (c) => c.url as string,
  text: (c) => c.text as string,
  vcard: (c) => vcardPayload(c as unknown as VcardContent),
  wifi: (c) => wifiPayload(c as unknown as WifiContent),
  email: (c) => mailtoUri(c as unknown as EmailContent),
  phone: (c) => telUri(c as unknown as PhoneContent),
  sms: (c) => smstoPayload(c as unknown as SmsContent),
  location: (c) => geoUri(c as unknown as LocationContent),
};

/**
 * The text encoded in the pattern of a STATIC code. Call only after `validateContent` passed for
 * this type; menu and form have no static form and throw (a programming error, not bad input).
 * For a dynamic vcard it gives the .vcf the hosted page offers.
 *
 * @example staticPayload('phone', { number: '+4930123456' }) // 'tel:+4930123456'
 */
export function staticPayload(type: QrType, content: Record<string, unknown>): string {
  const encode = ENCODERS[type];
  if (!encode) throw new Error(`A ${type} code has no static payload.`);
  return encode(content);
}
