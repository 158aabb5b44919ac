import { defaultGs1Link, type Gs1Content } from '@qr/gs1';
import { type SmsContent, smsUri } from './content/sms-content';
import type { QrType } from './qr-types';
import { staticPayload } from './static-payload';

/** Types whose dynamic code redirects to the URI a static one holds in its pattern. */
const AS_STATIC: ReadonlySet<QrType> = new Set(['website', 'email', 'phone', 'location']);

/**
 * Where a DYNAMIC non-hosted code redirects: website → its URL; email → `mailto:`; phone →
 * `tel:`; sms → `sms:<number>?body=…`; location → `geo:`; gs1 → its default link. Null for hosted types (menu, form,
 * vcard: redirect-service serves a page) and for static-only types (text, wifi).
 *
 * @example dynamicTarget('sms', { number: '+4930123456', message: 'Hi there' }) // 'sms:+4930123456?body=Hi%20there'
 */
export function dynamicTarget(type: QrType, content: Record<string, unknown>): string | null {
  if (AS_STATIC.has(type)) return staticPayload(type, content);
  // The casts are safe by contract: callers pass content that validateContent accepted for the type.
  if (type === 'sms') return smsUri(content as unknown as SmsContent);
  // The resolver chooses among the links; the code's short link (not printed) answers the default.
  if (type === 'gs1') return defaultGs1Link(content as unknown as Gs1Content).href;
  return null;
}
