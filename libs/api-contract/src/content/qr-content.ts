import { type FieldError, isPlainObject, siblingPointer, utf8Length } from '@qr/domain';
import { allowedCategories, CONTENT_LIMITS, isQrType, type QrCategory, type QrType, staticPayload } from '@qr/qr-content';
import { check, type Declaration } from '../engine/validate';
import { EmailContent } from './email-content';
import { FormContent } from './form-content';
import { Gs1Content } from './gs1-content';
import { LocationContent } from './location-content';
import { MenuContent } from './menu-content';
import { PhoneContent } from './phone-content';
import { SmsContent } from './sms-content';
import { TextContent } from './text-content';
import { VcardContent } from './vcard-content';
import { WebsiteContent } from './website-content';
import { WifiContent } from './wifi-content';

/** The content union: the declaration of each type's `content`, chosen by the code's `type`. */
export const CONTENT_DECLARATIONS: Readonly<Record<QrType, Declaration<object>>> = {
  website: WebsiteContent,
  menu: MenuContent,
  form: FormContent,
  vcard: VcardContent,
  text: TextContent,
  wifi: WifiContent,
  email: EmailContent,
  phone: PhoneContent,
  sms: SmsContent,
  location: LocationContent,
  gs1: Gs1Content,
};

/*
 * Error codes of content validation (each error is {pointer, code, detail}):
 *
 * | code                 | meaning                                                                 |
 * |----------------------|-------------------------------------------------------------------------|
 * | required             | a required field is missing, or a required string is empty/whitespace   |
 * | invalid_type         | wrong JSON type, `null` included (omit optional fields instead)         |
 * | unknown_field        | a field the type does not define, at any depth                          |
 * | too_long / too_short | a string or array outside its length limits (CONTENT_LIMITS)            |
 * | out_of_range         | a number outside its range (coordinates, price)                         |
 * | duplicate            | a form field name used twice                                            |
 * | invalid              | any other rule: a format, an enum value, a pattern, a combination       |
 * | invalid_url, unsupported_scheme, credentials_not_allowed | the URL rules (validate-http-url.ts) |
 * | category_not_allowed | the type cannot have this category (pointer: sibling `category`)        |
 * | payload_too_large    | a static code's payload exceeds 2331 UTF-8 bytes (pointer: the content) |
 */

/**
 * Every problem in `content` for this type and category, with JSON pointers under `pointer`;
 * empty when the content is valid. Reports, besides the per-field codes:
 * - 'category_not_allowed' at the sibling `category` pointer (`/content` → `/category`,
 *   `/items/3/content` → `/items/3/category`) when the type cannot have this category, so that an
 *   empty result always means "can be created as given";
 * - 'payload_too_large' at `pointer` when a static code's payload exceeds what a QR code holds
 *   (checked only once every field is valid).
 *
 * @example validateContent('phone', 'static', { number: '030 123' })
 * // [{ pointer: '/content/number', code: 'invalid', detail: 'Must be an E.164 number: …' }]
 */
export function validateContent(type: QrType, category: QrCategory, content: unknown, pointer = '/content'): FieldError[] {
  // Types are checked by TypeScript only; a JavaScript caller's bad type must not crash the lookup.
  if (!isQrType(type)) return [{ pointer: siblingPointer(pointer, 'type'), code: 'invalid', detail: 'Unknown QR code type.' }];
  const errors: FieldError[] = [];
  if (!allowedCategories(type).includes(category)) {
    errors.push({
      pointer: siblingPointer(pointer, 'category'),
      code: 'category_not_allowed',
      detail: `A ${type} code can be ${allowedCategories(type).join(' or ')}.`,
    });
  }
  const checked = check(CONTENT_DECLARATIONS[type], content, pointer);
  if (!checked.ok) errors.push(...checked.errors);
  if (errors.length === 0 && category === 'static' && isPlainObject(content)) errors.push(...payloadSizeErrors(type, content, pointer));
  return errors;
}

/** 'payload_too_large' when a static code's content encodes to more than a QR code holds. */
export function payloadSizeErrors(type: QrType, content: Record<string, unknown>, pointer: string): FieldError[] {
  const bytes = utf8Length(staticPayload(type, content));
  if (bytes <= CONTENT_LIMITS.staticPayloadBytes) return [];
  return [
    {
      pointer,
      code: 'payload_too_large',
      detail: `Encodes to ${bytes} bytes; a static QR code holds at most ${CONTENT_LIMITS.staticPayloadBytes}. Shorten it or use a dynamic code.`,
    },
  ];
}
