import { CONTENT_LIMITS as L, FORM_FIELD_TYPES, QR_TYPES, WIFI_ENCRYPTIONS } from '@qr/qr-content';

/*
 * OpenAPI schemas of `content`, one per QR type, built from the validators' own limits and enums
 * (libs/qr-content), so the document cannot drift from what the API accepts. The validators stay
 * the authority on the finer rules (E.164, WEP key lengths, vCard phone notation); these schemas
 * give clients the shape and the limits. Extra fields are a 422 at any depth.
 */
const text = (maxLength: number, description?: string) => ({ type: 'string', maxLength, ...(description ? { description } : {}) });
const required = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength });
const url = { type: 'string', format: 'uri', maxLength: L.url, description: 'Absolute http(s) URL without credentials' };
const closed = (properties: Record<string, object>, required: string[] = []) => ({ type: 'object', additionalProperties: false, required, properties });

export const QR_CONTENT_SCHEMAS = {
  QrType: {
    enum: [...QR_TYPES],
    description: 'website and vcard are dynamic or static; menu and form dynamic; text and wifi static; email, phone, sms, location either',
  },
  WebsiteContent: closed({ url }, ['url']),
  MenuContent: closed(
    {
      title: required(L.name),
      currency: { type: 'string', pattern: '^[A-Z]{3}$', description: 'ISO 4217, e.g. EUR' },
      sections: {
        type: 'array',
        minItems: 1,
        maxItems: L.menuSections,
        items: closed(
          {
            name: required(L.name),
            items: {
              type: 'array',
              minItems: 1,
              maxItems: L.menuItems,
              items: closed(
                {
                  name: required(L.name),
                  description: text(L.description),
                  price: { type: 'number', minimum: 0, maximum: L.menuPriceMax, description: 'In the menu’s currency, at most two decimals' },
                  tags: { type: 'array', maxItems: L.menuTags, items: { type: 'string', minLength: 1, maxLength: L.menuTag } },
                },
                ['name'],
              ),
            },
          },
          ['name', 'items'],
        ),
      },
      footer: text(L.description),
    },
    ['title', 'sections'],
  ),
  FormContent: closed(
    {
      title: required(L.name),
      fields: {
        type: 'array',
        minItems: 1,
        maxItems: L.formFields,
        items: closed(
          {
            name: { type: 'string', pattern: '^[a-z][a-z0-9_]{0,39}$', description: 'Key of the submitted value in lead.created; unique in the form' },
            label: required(L.name),
            type: { enum: [...FORM_FIELD_TYPES] },
            required: { type: 'boolean' },
          },
          ['name', 'label', 'type'],
        ),
      },
      submit_label: text(L.submitLabel),
      success_message: text(L.description),
    },
    ['title', 'fields'],
  ),
  VcardContent: closed(
    {
      first_name: required(L.name),
      last_name: text(L.name),
      organization: text(L.name),
      title: text(L.name),
      phone: text(L.vcardPhone, 'Digits, spaces, ( ) . / -, an optional leading +'),
      email: { type: 'string', maxLength: L.email, description: 'An email address' },
      url: { type: 'string', maxLength: L.url, description: 'Absolute http(s) URL' },
      address: text(L.address, 'Free text; line breaks allowed'),
      note: text(L.description),
    },
    ['first_name'],
  ),
  TextContent: closed({ text: required(L.text) }, ['text']),
  WifiContent: closed(
    {
      ssid: { type: 'string', minLength: 1, description: `1–${L.ssidBytes} UTF-8 bytes, one line` },
      password: { type: 'string', description: 'WPA: 8–63 characters; WEP: 5 or 13 ASCII characters or 10 or 26 hex digits; absent for nopass' },
      encryption: { enum: [...WIFI_ENCRYPTIONS] },
      hidden: { type: 'boolean' },
    },
    ['ssid', 'encryption'],
  ),
  EmailContent: closed({ to: { type: 'string', maxLength: L.email, description: 'An email address' }, subject: text(L.subject), body: text(L.text) }, ['to']),
  PhoneContent: closed({ number: { type: 'string', pattern: '^\\+[1-9]\\d{6,14}$', description: 'E.164, e.g. +4930123456' } }, ['number']),
  SmsContent: closed({ number: { type: 'string', pattern: '^\\+[1-9]\\d{6,14}$', description: 'E.164' }, message: text(L.smsMessage) }, ['number']),
  LocationContent: closed(
    {
      latitude: { type: 'number', minimum: -90, maximum: 90 },
      longitude: { type: 'number', minimum: -180, maximum: 180 },
      query: text(L.subject, 'A search text or label'),
    },
    ['latitude', 'longitude'],
  ),
  QrContent: {
    description: 'The content of the code’s `type`: WebsiteContent for website, MenuContent for menu, and so on.',
    anyOf: ['Website', 'Menu', 'Form', 'Vcard', 'Text', 'Wifi', 'Email', 'Phone', 'Sms', 'Location'].map((t) => ({ $ref: `#/components/schemas/${t}Content` })),
  },
} as const;
