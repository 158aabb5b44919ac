/*
 * The QR code types and which categories each allows (docs/api.md, "Types and categories"):
 *
 * | type                              | categories        | dynamic means                     |
 * |-----------------------------------|-------------------|-----------------------------------|
 * | website                           | dynamic, static   | redirect to the URL               |
 * | menu, form                        | dynamic           | hosted page                       |
 * | vcard                             | dynamic, static   | hosted contact page with .vcf     |
 * | text, wifi                        | static            | –                                 |
 * | email, phone, sms, location       | dynamic, static   | redirect to mailto:/tel:/sms:/geo:|
 * | gs1                               | dynamic           | GS1 Digital Link, resolved by us  |
 */

/** Every QR code type, in the order the API docs list them. */
export const QR_TYPES = ['website', 'menu', 'form', 'vcard', 'text', 'wifi', 'email', 'phone', 'sms', 'location', 'gs1'] as const;
export type QrType = (typeof QR_TYPES)[number];

/** Dynamic codes encode a short link; static codes encode the data itself. */
export type QrCategory = 'dynamic' | 'static';

const BOTH: readonly QrCategory[] = Object.freeze(['dynamic', 'static']);
const DYNAMIC_ONLY: readonly QrCategory[] = Object.freeze(['dynamic']);
const STATIC_ONLY: readonly QrCategory[] = Object.freeze(['static']);

const CATEGORIES: Readonly<Record<QrType, readonly QrCategory[]>> = {
  website: BOTH,
  menu: DYNAMIC_ONLY,
  form: DYNAMIC_ONLY,
  vcard: BOTH,
  text: STATIC_ONLY,
  wifi: STATIC_ONLY,
  email: BOTH,
  phone: BOTH,
  sms: BOTH,
  location: BOTH,
  // The pattern is a GS1 Digital Link URI our resolver answers: scans reach us, as for dynamic codes.
  gs1: DYNAMIC_ONLY,
};

const HOSTED_TYPES: readonly QrType[] = ['menu', 'form', 'vcard'];

/**
 * Whether `value` names a QR type.
 *
 * @example isQrType('wifi') // true
 */
export function isQrType(value: unknown): value is QrType {
  return typeof value === 'string' && (QR_TYPES as readonly string[]).includes(value);
}

/**
 * The categories a type may be created with.
 *
 * @example allowedCategories('menu') // ['dynamic']
 */
export function allowedCategories(type: QrType): readonly QrCategory[] {
  return CATEGORIES[type];
}

/**
 * Hosted types are served as a page by redirect-service (dynamic menu, form, vcard); every other
 * dynamic code is a plain redirect, and static codes never reach us.
 *
 * @example isHostedType('vcard', 'dynamic') // true; isHostedType('vcard', 'static') // false
 */
export function isHostedType(type: QrType, category: QrCategory): boolean {
  return category === 'dynamic' && HOSTED_TYPES.includes(type);
}
