import { FieldChecker, isPlainObject, siblingPointer, utf8Length } from '@qr/domain';
import type { FieldError } from '@qr/domain';
import { CONTENT_LIMITS } from './content-limits';
import { checkEmailContent } from './content/email-content';
import { checkFormContent } from './content/form-content';
import { checkLocationContent } from './content/location-content';
import { checkMenuContent } from './content/menu-content';
import { checkPhoneContent } from './content/phone-content';
import { checkSmsContent } from './content/sms-content';
import { checkTextContent } from './content/text-content';
import { checkVcardContent } from './content/vcard-content';
import { checkWebsiteContent } from './content/website-content';
import { checkWifiContent } from './content/wifi-content';
import type { QrCategory, QrType } from './qr-types';
import { allowedCategories, isQrType } from './qr-types';
import { staticPayload } from './static-payload';

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

type ContentCheck = (check: FieldChecker, value: unknown, pointer: string) => void;

const CHECKS: Readonly<Record<QrType, ContentCheck>> = {
  website: checkWebsiteContent,
  menu: checkMenuContent,
  form: checkFormContent,
  vcard: checkVcardContent,
  text: checkTextContent,
  wifi: checkWifiContent,
  email: checkEmailContent,
  phone: checkPhoneContent,
  sms: checkSmsContent,
  location: checkLocationContent,
};

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
  const check = new FieldChecker();
  // Types are checked by TypeScript only; a JavaScript caller's bad type must not crash the lookup.
  if (!isQrType(type)) {
    check.add(siblingPointer(pointer, 'type'), 'invalid', 'Unknown QR code type.');
    return check.errors;
  }
  if (!allowedCategories(type).includes(category)) {
    check.add(siblingPointer(pointer, 'category'), 'category_not_allowed', `A ${type} code can be ${allowedCategories(type).join(' or ')}.`);
  }
  CHECKS[type](check, content, pointer);
  if (check.errors.length === 0 && category === 'static' && isPlainObject(content)) {
    checkPayloadSize(check, type, content, pointer);
  }
  return check.errors;
}

function checkPayloadSize(check: FieldChecker, type: QrType, content: Record<string, unknown>, pointer: string): void {
  const bytes = utf8Length(staticPayload(type, content));
  if (bytes > CONTENT_LIMITS.staticPayloadBytes) {
    check.add(
      pointer,
      'payload_too_large',
      `Encodes to ${bytes} bytes; a static QR code holds at most ${CONTENT_LIMITS.staticPayloadBytes}. Shorten it or use a dynamic code.`,
    );
  }
}
