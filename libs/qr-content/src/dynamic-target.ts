import { defaultGs1Link, type Gs1Content } from '@qr/gs1';
import { type EmailContent, mailtoUri } from './content/email-content';
import { type LocationContent, geoUri } from './content/location-content';
import { type PhoneContent, telUri } from './content/phone-content';
import { type SmsContent, smsUri } from './content/sms-content';
import type { QrType } from './qr-types';

type Target = (content: Record<string, unknown>) => string;

// The casts are safe by contract: callers pass content that validateContent accepted for the type.
const TARGETS: Partial<Record<QrType, Target>> = {
  website: (c) => c.url as string,
  email: (c) => mailtoUri(c as unknown as EmailContent),
  phone: (c) => telUri(c as unknown as PhoneContent),
  sms: (c) => smsUri(c as unknown as SmsContent),
  location: (c) => geoUri(c as unknown as LocationContent),
  // The resolver chooses among the links; the code's short link (not printed) answers the default.
  gs1: (c) => defaultGs1Link(c as unknown as Gs1Content).href,
};

/**
 * Where a DYNAMIC non-hosted code redirects: website → its URL; email → `mailto:`; phone →
 * `tel:`; sms → `sms:<number>?body=…`; location → `geo:`; gs1 → its default link. Null for hosted types (menu, form,
 * vcard: redirect-service serves a page) and for static-only types (text, wifi).
 *
 * @example dynamicTarget('sms', { number: '+4930123456', message: 'Hi there' }) // 'sms:+4930123456?body=Hi%20there'
 */
export function dynamicTarget(type: QrType, content: Record<string, unknown>): string | null {
  const target = TARGETS[type];
  return target ? target(content) : null;
}
