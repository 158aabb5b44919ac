import { WEEKDAYS } from '@qr/opening-rules';
import { DESTINATION_DEVICES, DESTINATION_OSES, UTM_FIELDS } from '@qr/qr-content';
import { DESIGN_SCHEMAS } from './design.schemas';
import { QR_CONTENT_SCHEMAS } from './qr-content.schemas';

/*
 * OpenAPI schemas of QR codes, folders, domains and analytics. Answers list every property as
 * required (null when unset), so generated client types need no optional chaining; inputs follow
 * the validators (docs/api.md has the rules in prose).
 */
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const str = { type: 'string' };
const nullableString = { type: ['string', 'null'] };
const int = { type: 'integer' };
const timestamp = { type: 'string', format: 'date-time', description: 'UTC, `YYYY-MM-DDThh:mm:ssZ`' };
const nullableTimestamp = { type: ['string', 'null'], format: 'date-time', description: 'UTC, `YYYY-MM-DDThh:mm:ssZ`' };
const timestampIn = { type: ['string', 'null'], format: 'date-time', description: 'RFC 3339 with an explicit offset (`Z` or `+02:00`)' };
const hhmm = { type: ['string', 'null'], pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: '`HH:MM`, local time in `timezone`' };
const weekdays = { type: ['array', 'null'], items: { enum: [...WEEKDAYS] } };
const optionalText = (maxLength: number) => ({ type: ['string', 'null'], minLength: 1, maxLength });
const utm = Object.fromEntries(UTM_FIELDS.map((f) => [f, optionalText(200)]));
const utmOut = Object.fromEntries(Object.keys(utm).map((f) => [f, nullableString]));
/** An object whose every property is required: the shape of an answer. */
const answer = (properties: Record<string, object>, description?: string) => ({
  type: 'object',
  ...(description ? { description } : {}),
  required: Object.keys(properties),
  properties,
});

/** What a create and a PATCH may both set (PATCH: `null` clears). */
const editable = {
  name: optionalText(200),
  status: { enum: ['active', 'paused'] },
  content: ref('QrContent'),
  destinations: {
    type: ['array', 'null'],
    minItems: 1,
    maxItems: 10,
    items: ref('Destination'),
    description: 'Dynamic website codes only; the first entry is the default, later ones need a condition',
  },
  ...utm,
  start_at: timestampIn,
  end_at: timestampIn,
  daily_start: hhmm,
  daily_end: hhmm,
  daily_days: weekdays,
  timezone: { type: 'string', description: 'IANA time zone of the schedule and of analytics days; default UTC' },
  scan_limit: { type: ['integer', 'null'], minimum: 1, description: 'Opens allowed in total; exact under any concurrency' },
  fallback_url: { type: ['string', 'null'], format: 'uri', description: 'Where closed, expired or limit-reached scans go instead of the page that says so' },
  folder_id: { type: ['string', 'null'], maxLength: 64 },
  design: {
    anyOf: [ref('DesignInput'), { type: 'null' }],
    description: 'How the code looks; null: the default design. With design_preset_id: what this code sets differently from the preset',
  },
  design_preset_id: {
    type: ['string', 'null'],
    description: 'A brand preset of the workspace to follow; null leaves it, keeping the look as the code’s own design',
  },
};

export const QR_CODE_SCHEMAS = {
  ...QR_CONTENT_SCHEMAS,
  ...DESIGN_SCHEMAS,
  Destination: {
    type: 'object',
    required: ['target_url'],
    additionalProperties: false,
    properties: {
      target_url: { type: 'string', format: 'uri', description: 'Absolute http(s) URL' },
      device: { enum: [...DESTINATION_DEVICES] },
      os: { enum: [...DESTINATION_OSES] },
      country: { type: 'string', pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2' },
      language: { type: 'string', pattern: '^[a-z]{2,3}$', description: 'ISO 639, from Accept-Language' },
    },
  },
  QrCodeInput: {
    type: 'object',
    required: ['type'],
    additionalProperties: false,
    properties: {
      type: ref('QrType'),
      category: { enum: ['dynamic', 'static'], description: 'Defaults to dynamic where the type allows it' },
      client_ref: {
        ...optionalText(200),
        description: 'Your idempotency key, unique per workspace among live codes: a second create with it answers the existing code',
      },
      custom_domain_id: { type: ['string', 'null'], maxLength: 64, description: 'A verified domain of the workspace; the short link then uses it' },
      ...editable,
    },
  },
  QrCodePatch: {
    type: 'object',
    additionalProperties: false,
    description:
      'Only the fields to change; `null` clears an optional field. type, category, client_ref and custom_domain_id cannot change; a static code’s content and destinations neither.',
    properties: editable,
  },
  QrCode: answer({
    id: { type: 'string', example: 'qr_00VbbQ5mGtVbp9Yc' },
    object: { const: 'qr_code' },
    name: str,
    type: ref('QrType'),
    category: { enum: ['dynamic', 'static'] },
    status: { enum: ['active', 'paused'], description: 'What you set' },
    state: {
      enum: ['active', 'paused', 'scheduled', 'expired', 'outside_hours', 'limit_reached'],
      description: 'What a scan meets now (static codes: their status)',
    },
    content: ref('QrContent'),
    destinations: { type: 'array', items: ref('Destination'), description: 'Empty for static and hosted (menu, form, dynamic vcard) codes' },
    client_ref: nullableString,
    short_code: { type: ['string', 'null'], description: 'null for static codes' },
    short_url: { type: ['string', 'null'], format: 'uri', description: 'The URL in a dynamic code’s pattern; null for static codes' },
    preview_url: { type: 'string', format: 'uri', description: 'Public, unguessable SVG preview' },
    ...utmOut,
    start_at: nullableTimestamp,
    end_at: nullableTimestamp,
    daily_start: nullableString,
    daily_end: nullableString,
    daily_days: weekdays,
    timezone: str,
    scan_limit: { type: ['integer', 'null'] },
    scan_count: int,
    fallback_url: nullableString,
    folder_id: nullableString,
    custom_domain_id: nullableString,
    design: ref('Design'),
    design_preset_id: { type: ['string', 'null'], description: 'The brand preset the code follows; `design` is the preset with the code’s own overrides' },
    error_correction: { enum: ['M', 'H'], description: 'The level the pattern is encoded at: H when the design has a logo, otherwise M' },
    created_at: timestamp,
    updated_at: timestamp,
  }),
  QrCodeList: listOf('QrCode'),
  BulkCreateRequest: {
    type: 'object',
    required: ['items'],
    additionalProperties: false,
    properties: { items: { type: 'array', minItems: 1, maxItems: 50, items: ref('QrCodeInput') } },
  },
  BulkCreateResult: answer({
    object: { const: 'list' },
    data: {
      type: 'array',
      description: 'One entry per item, in order',
      items: answer({
        index: int,
        result: { enum: ['created', 'existing'], description: 'existing: the client_ref was used before; the code is returned unchanged' },
        qr_code: ref('QrCode'),
      }),
    },
    created: int,
    existing: int,
  }),
  DeletedQrCode: answer({ id: str, object: { const: 'qr_code' }, deleted: { const: true } }),
  FolderInput: {
    type: 'object',
    required: ['name'],
    additionalProperties: false,
    properties: { name: { type: 'string', minLength: 1, maxLength: 200, description: 'Unique in the workspace' } },
  },
  DomainInput: {
    type: 'object',
    required: ['hostname'],
    additionalProperties: false,
    properties: {
      hostname: { type: 'string', example: 'qr.example.com', description: 'Lower-cased; an IP, a single label or one of the platform’s own hosts is refused' },
    },
  },
  Folder: answer({ id: { type: 'string', example: 'fld_00VbbQ5mGtVbp9Yc' }, object: { const: 'folder' }, name: str, created_at: timestamp }),
  FolderList: listOf('Folder'),
  DeletedFolder: answer({
    id: str,
    object: { const: 'folder' },
    deleted: { const: true },
    codes_moved: { ...int, description: 'Codes that were in the folder and now have none' },
  }),
  MoveQrCodesInput: {
    type: 'object',
    required: ['code_ids', 'folder_id'],
    additionalProperties: false,
    properties: {
      code_ids: {
        type: 'array',
        minItems: 1,
        maxItems: 100,
        items: { type: 'string' },
        description: 'Codes of the workspace; one unknown id refuses the whole move',
      },
      folder_id: { type: ['string', 'null'], description: 'The folder to move them into; null takes them out of any folder' },
    },
  },
  MoveQrCodesResult: answer({
    object: { const: 'qr_code_move' },
    folder_id: nullableString,
    moved: { ...int, description: 'Codes whose folder changed (each with a qr.code.updated event)' },
    unchanged: { ...int, description: 'Codes that were in that folder already' },
  }),
  Domain: answer({
    id: str,
    object: { const: 'domain' },
    hostname: str,
    status: { enum: ['pending', 'verified'] },
    verification: answer({
      type: { const: 'TXT' },
      name: { type: 'string', example: '_qr-verify.qr.example.com' },
      value: { type: 'string', example: 'qr-verify=…' },
      last_checked_at: nullableTimestamp,
      last_error: { type: ['string', 'null'], description: 'Why the last check did not verify' },
    }),
    verified_at: nullableTimestamp,
    created_at: timestamp,
  }),
  DomainList: listOf('Domain'),
  QrCodeChange: answer({
    id: { type: 'string', example: 'chg_00VbbQ5mGtVbp9Yc…' },
    object: { const: 'qr_code_change' },
    qr_code_id: str,
    revision: { ...int, description: 'The code’s revision after this change; entries are ordered by it' },
    action: { enum: ['created', 'updated', 'paused', 'resumed', 'deleted'], description: 'A change of status alone is `paused` or `resumed`' },
    occurred_at: timestamp,
    changes: {
      type: 'array',
      description:
        'Each field that changed, with its value before and after, in the shape of a create request (times RFC 3339). A create lists the values it set; a delete lists none.',
      items: answer({
        field: { type: 'string', example: 'destinations' },
        before: { description: 'Any JSON value; null when unset' },
        after: { description: 'Any JSON value; null when unset' },
      }),
    },
    actor: answer({
      kind: { enum: ['api_key', 'member', 'operator'] },
      id: { type: ['string', 'null'], description: 'The API key’s or member’s id' },
      name: { type: ['string', 'null'], description: 'The key’s name or the member’s email, as they were at the time' },
    }),
    via: { enum: ['api', 'dashboard', 'import', 'cli'] },
    request_id: { type: ['string', 'null'], description: 'The X-Request-Id of the request that made the change' },
    event_id: { type: 'string', description: 'The event this change was published as (qr.code.created, .updated or .deleted)' },
  }),
  QrCodeChangeList: listOf('QrCodeChange'),
  DayCount: answer({ date: { type: 'string', format: 'date' }, scans: int, unique_scanners: int }),
  CodeAnalytics: answer({
    qr_id: str,
    from: { type: 'string', format: 'date' },
    to: { type: 'string', format: 'date' },
    timezone: str,
    total_scans: int,
    unique_scanners: int,
    by_day: { type: 'array', items: ref('DayCount'), description: 'Every day of the range, zeros included' },
    by_device: {
      type: 'array',
      items: answer({ device: { enum: ['mobile', 'tablet', 'desktop', 'other'] }, scans: int }),
      description: 'Always the four devices',
    },
    by_country: { type: 'array', items: answer({ country: { type: 'string', description: 'ISO 3166-1 alpha-2, or unknown' }, scans: int }) },
    by_os: { type: 'array', items: answer({ os: { type: 'string', description: 'As the user agent names it, or unknown' }, scans: int }) },
    by_browser: { type: 'array', items: answer({ browser: { type: 'string', description: 'As the user agent names it, or unknown' }, scans: int }) },
    by_destination: {
      type: 'array',
      items: answer({
        destination: {
          type: 'string',
          description: 'The destination URL scans were sent to (before UTM fields); unknown for hosted pages and for scans recorded before destinations were',
        },
        scans: int,
      }),
      description: 'Where scans went: a code whose destination changed, or with conditional destinations, shows how many scans went where',
    },
  }),
  WorkspaceAnalytics: answer({
    object: { const: 'workspace_analytics' },
    folder_id: nullableString,
    from: { type: 'string', format: 'date' },
    to: { type: 'string', format: 'date' },
    timezone: str,
    total_scans: int,
    unique_scanners: int,
    by_day: { type: 'array', items: ref('DayCount') },
    top_codes: { type: 'array', items: answer({ qr_id: str, name: nullableString, scans: int }), description: 'The ten most scanned codes of the range' },
  }),
} as const;

function listOf(item: string) {
  return answer({
    object: { const: 'list' },
    data: { type: 'array', items: { $ref: `#/components/schemas/${item}` } },
    has_more: { type: 'boolean' },
    next_cursor: { type: ['string', 'null'], description: 'Pass as `cursor` for the next page' },
  });
}
