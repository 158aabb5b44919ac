// The browser entry (`@qr/qr-content/browser`): the code types, which categories each allows, and the
// UTM fields, for the dashboard's forms. Nothing behind these exports imports node: or a package.
export { QR_TYPES, allowedCategories, isHostedType, type QrCategory, type QrType } from './qr-types';
export { UTM_FIELDS, type UtmField } from './utm-fields';
