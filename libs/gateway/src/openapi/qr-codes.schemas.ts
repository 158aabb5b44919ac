import { WEEKDAYS } from '@qr/opening-rules';
import { contractSchemas } from '@qr/api-contract';
import { UTM_FIELDS } from '@qr/qr-content';
import { DESIGN_SCHEMAS } from './design.schemas';

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
const weekdays = { type: ['array', 'null'], items: { enum: [...WEEKDAYS] } };
const utmOut = Object.fromEntries(UTM_FIELDS.map((f) => [f, nullableString]));
/** An object whose every property is required: the shape of an answer. */
const answer = (properties: Record<string, object>, description?: string) => ({
  type: 'object',
  ...(description ? { description } : {}),
  required: Object.keys(properties),
  properties,
});

export const QR_CODE_SCHEMAS = {
  // Requests and their parts come from the declarations (@qr/api-contract); answers are still written here.
  ...contractSchemas(),
  ...DESIGN_SCHEMAS,
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
    password_protected: { type: 'boolean', description: 'A scan must enter the code’s password first. The password itself is never returned' },
    error_correction: { enum: ['M', 'H'], description: 'The level the pattern is encoded at: H when the design has a logo, otherwise M' },
    created_at: timestamp,
    updated_at: timestamp,
  }),
  QrCodeList: listOf('QrCode'),
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
  Folder: answer({ id: { type: 'string', example: 'fld_00VbbQ5mGtVbp9Yc' }, object: { const: 'folder' }, name: str, created_at: timestamp }),
  FolderList: listOf('Folder'),
  DeletedFolder: answer({
    id: str,
    object: { const: 'folder' },
    deleted: { const: true },
    codes_moved: { ...int, description: 'Codes that were in the folder and now have none' },
  }),
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
