// Pure rules for QR code content: which types and categories exist, what each type's content
// looks like, and what a code encodes (static) or redirects to (dynamic). No I/O, no framework.
export { QR_TYPES, allowedCategories, isHostedType, isQrType } from './qr-types';
export type { QrCategory, QrType } from './qr-types';
export { CONTENT_LIMITS } from './content-limits';
export { validateHttpUrl } from './validate-http-url';
export { isEmailAddress } from './validation/email-address';
export { DESTINATION_DEVICES, DESTINATION_OSES } from './destinations';
export type { Destination, DestinationDevice, DestinationOs } from './destinations';
export { staticPayload } from './static-payload';
export { dynamicTarget } from './dynamic-target';
export type { VcardContent } from './content/vcard-content';
export { WIFI_ENCRYPTIONS, type WifiEncryption } from './content/wifi-content';
export { UTM_FIELDS, type UtmField } from './utm-fields';
export { BACK_HALF_MAX, isServableBackHalf, RESERVED_FIRST_SEGMENTS, validateBackHalf } from './back-half/back-half';
