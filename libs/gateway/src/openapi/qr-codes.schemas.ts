/** OpenAPI schemas of QR codes, folders and domains (content per type is documented in docs/api.md). */
const nullableString = { type: ['string', 'null'] };
const timestampIn = { type: ['string', 'null'], format: 'date-time', description: 'RFC 3339 with an explicit offset' };

export const QR_CODE_SCHEMAS = {
  Destination: {
    type: 'object',
    required: ['target_url'],
    additionalProperties: false,
    properties: {
      target_url: { type: 'string', format: 'uri', description: 'Absolute http(s) URL' },
      device: { enum: ['mobile', 'tablet', 'desktop', 'other'] },
      os: { enum: ['ios', 'android', 'windows', 'macos', 'linux', 'other'] },
      country: { type: 'string', pattern: '^[A-Z]{2}$' },
      language: { type: 'string', pattern: '^[a-z]{2,3}$' },
    },
  },
  QrCodeInput: {
    type: 'object',
    required: ['type'],
    additionalProperties: false,
    properties: {
      name: { type: 'string', maxLength: 200 },
      type: { enum: ['website', 'menu', 'form', 'vcard', 'text', 'wifi', 'email', 'phone', 'sms', 'location'] },
      category: { enum: ['dynamic', 'static'], description: 'Defaults to dynamic where the type allows it' },
      status: { enum: ['active', 'paused'] },
      content: { type: 'object', description: 'Per type; see docs/api.md. Extra fields are a 422.' },
      destinations: { type: 'array', minItems: 1, maxItems: 10, items: { $ref: '#/components/schemas/Destination' }, description: 'Dynamic website codes only; the first entry is the default' },
      client_ref: { type: 'string', maxLength: 200, description: 'Idempotency key, unique per workspace' },
      utm_source: { type: 'string' }, utm_medium: { type: 'string' }, utm_campaign: { type: 'string' }, utm_term: { type: 'string' }, utm_content: { type: 'string' },
      start_at: timestampIn,
      end_at: timestampIn,
      daily_start: { type: ['string', 'null'], pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
      daily_end: { type: ['string', 'null'], pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
      daily_days: { type: ['array', 'null'], items: { enum: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] } },
      timezone: { type: 'string', description: 'IANA time zone, default UTC' },
      scan_limit: { type: ['integer', 'null'], minimum: 1 },
      fallback_url: nullableString,
      folder_id: nullableString,
      custom_domain_id: nullableString,
    },
  },
  QrCode: {
    type: 'object',
    properties: {
      id: { type: 'string', example: 'qr_00VbbQ…' },
      object: { const: 'qr_code' },
      name: { type: 'string' },
      type: { type: 'string' },
      category: { enum: ['dynamic', 'static'] },
      status: { enum: ['active', 'paused'] },
      state: { enum: ['active', 'paused', 'scheduled', 'expired', 'outside_hours', 'limit_reached'] },
      content: { type: 'object' },
      destinations: { type: 'array', items: { $ref: '#/components/schemas/Destination' } },
      client_ref: nullableString,
      short_code: nullableString,
      short_url: nullableString,
      preview_url: { type: 'string', format: 'uri', description: 'Public, unguessable SVG preview' },
      utm_source: nullableString, utm_medium: nullableString, utm_campaign: nullableString, utm_term: nullableString, utm_content: nullableString,
      start_at: { type: ['string', 'null'], format: 'date-time' },
      end_at: { type: ['string', 'null'], format: 'date-time' },
      daily_start: nullableString,
      daily_end: nullableString,
      daily_days: { type: ['array', 'null'], items: { type: 'string' } },
      timezone: { type: 'string' },
      scan_limit: { type: ['integer', 'null'] },
      scan_count: { type: 'integer' },
      fallback_url: nullableString,
      folder_id: nullableString,
      custom_domain_id: nullableString,
      created_at: { type: 'string', format: 'date-time' },
      updated_at: { type: 'string', format: 'date-time' },
    },
  },
  QrCodeList: listOf('QrCode'),
  Folder: {
    type: 'object',
    properties: { id: { type: 'string' }, object: { const: 'folder' }, name: { type: 'string' }, created_at: { type: 'string', format: 'date-time' } },
  },
  FolderList: listOf('Folder'),
  Domain: {
    type: 'object',
    properties: {
      id: { type: 'string' },
      object: { const: 'domain' },
      hostname: { type: 'string' },
      status: { enum: ['pending', 'verified'] },
      verification: {
        type: 'object',
        properties: {
          type: { const: 'TXT' },
          name: { type: 'string', example: '_qr-verify.qr.example.com' },
          value: { type: 'string', example: 'qr-verify=…' },
          last_checked_at: { type: ['string', 'null'], format: 'date-time' },
          last_error: nullableString,
        },
      },
      verified_at: { type: ['string', 'null'], format: 'date-time' },
      created_at: { type: 'string', format: 'date-time' },
    },
  },
  DomainList: listOf('Domain'),
  CodeAnalytics: {
    type: 'object',
    properties: {
      qr_id: { type: 'string' }, from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date' }, timezone: { type: 'string' },
      total_scans: { type: 'integer' }, unique_scanners: { type: 'integer' },
      by_day: { type: 'array', items: { type: 'object', properties: { date: { type: 'string', format: 'date' }, scans: { type: 'integer' }, unique_scanners: { type: 'integer' } } } },
      by_device: { type: 'array', items: { type: 'object', properties: { device: { enum: ['mobile', 'tablet', 'desktop', 'other'] }, scans: { type: 'integer' } } } },
      by_country: { type: 'array', items: { type: 'object', properties: { country: { type: 'string', description: 'ISO 3166-1 alpha-2, or unknown' }, scans: { type: 'integer' } } } },
      by_os: { type: 'array', items: { type: 'object', properties: { os: { type: 'string' }, scans: { type: 'integer' } } } },
      by_browser: { type: 'array', items: { type: 'object', properties: { browser: { type: 'string' }, scans: { type: 'integer' } } } },
    },
  },
  WorkspaceAnalytics: {
    type: 'object',
    properties: {
      object: { const: 'workspace_analytics' }, folder_id: nullableString, from: { type: 'string' }, to: { type: 'string' }, timezone: { type: 'string' },
      total_scans: { type: 'integer' }, unique_scanners: { type: 'integer' },
      by_day: { type: 'array', items: { type: 'object' } },
      top_codes: { type: 'array', items: { type: 'object', properties: { qr_id: { type: 'string' }, name: nullableString, scans: { type: 'integer' } } } },
    },
  },
} as const;

function listOf(item: string) {
  return {
    type: 'object',
    properties: {
      object: { const: 'list' },
      data: { type: 'array', items: { $ref: `#/components/schemas/${item}` } },
      has_more: { type: 'boolean' },
      next_cursor: { type: ['string', 'null'], description: 'Pass as `cursor` for the next page' },
    },
  } as const;
}
