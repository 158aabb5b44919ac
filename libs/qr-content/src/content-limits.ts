/**
 * Every size limit of QR content in one place, so the API docs and OpenAPI `maxLength`s can be
 * generated from (or checked against) the numbers the validators actually use.
 *
 * String lengths count Unicode code points (what a person calls characters), except the WiFi
 * SSID, which the 802.11 standard limits in UTF-8 bytes. The README lists them for the API docs.
 */
export const CONTENT_LIMITS = {
  /** Titles, names, labels: menu title, section and item names, form title and labels, vCard name fields. */
  name: 200,
  /** Longer free text: menu item descriptions, footers, vCard note, form success message. */
  description: 1000,
  /** The `text` type and an email body. */
  text: 2000,
  /** vCard address (one free-text block). */
  address: 500,
  /** Email subject and location query. */
  subject: 200,
  /** Form submit button label. */
  submitLabel: 50,
  /** SMS message. */
  smsMessage: 500,
  /** An email address (RFC 5321 path limit); its local part at most 64. */
  email: 254,
  emailLocalPart: 64,
  /** A vCard phone number in free notation (`+49 (30) 1234-56`). */
  vcardPhone: 32,
  /** URLs: website content, destinations' target_url, fallback_url. */
  url: 2048,
  /** Menu: sections per menu, items per section, tags per item, characters per tag. */
  menuSections: 50,
  menuItems: 200,
  menuTags: 10,
  menuTag: 50,
  /** Largest menu price; prices have at most two decimals. */
  menuPriceMax: 1_000_000_000,
  /** Form: fields per form. */
  formFields: 20,
  /** WiFi SSID in UTF-8 bytes (802.11). */
  ssidBytes: 32,
  /** Dynamic destinations per code. */
  destinations: 10,
  /**
   * Largest static payload in UTF-8 bytes: what QR version 40 holds in byte mode at error
   * correction M. Larger data cannot be drawn as a code a phone reads reliably.
   */
  staticPayloadBytes: 2331,
} as const;
