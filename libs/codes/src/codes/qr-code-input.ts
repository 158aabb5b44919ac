import { checkOptionalName, type FieldError, fieldError, isPlainObject, notAnObject, parseRfc3339, unknownFields } from '@qr/domain';
import { validateOpeningInput, type Weekday } from '@qr/opening-rules';
import {
  allowedCategories,
  type Destination,
  dynamicTarget,
  isHostedType,
  isQrType,
  type QrCategory,
  type QrType,
  validateContent,
  validateDestinations,
  validateHttpUrl,
} from '@qr/qr-content';
import { applyDesign, DEFAULT_DESIGN, type Design, isDefaultDesign } from '@qr/qr-design';
import { type QrCodeDraft, UTM_FIELDS } from './qr-code-record';

/** Every field a create request may carry; anything else is a 422 `unknown_field`. */
export const CREATE_FIELDS = [
  'name',
  'type',
  'category',
  'status',
  'content',
  'destinations',
  'client_ref',
  ...UTM_FIELDS,
  'start_at',
  'end_at',
  'daily_start',
  'daily_end',
  'daily_days',
  'timezone',
  'scan_limit',
  'fallback_url',
  'folder_id',
  'custom_domain_id',
  'design',
  'design_preset_id',
] as const;

/** Fields that only make sense when scans reach us. */
const DYNAMIC_ONLY = [...UTM_FIELDS, 'fallback_url', 'custom_domain_id'] as const;

export type ParsedInput = { ok: true; draft: QrCodeDraft } | { ok: false; errors: FieldError[] };

/**
 * Validates a create request (or a PATCH merged onto the stored code) and decides the draft:
 * category defaults to dynamic where the type allows it, and a dynamic website's `content.url` and
 * first destination are kept equal (either may be given).
 */
export function parseQrCodeInput(input: unknown, at = ''): ParsedInput {
  if (!isPlainObject(input)) return { ok: false, errors: [notAnObject(at)] };
  const errors: FieldError[] = unknownFields(input, CREATE_FIELDS, at);
  if (!isQrType(input.type)) {
    const missing = input.type === undefined;
    return {
      ok: false,
      errors: [
        ...errors,
        fieldError(`${at}/type`, missing ? 'required' : 'invalid', 'type must be one of website, menu, form, vcard, text, wifi, email, phone, sms, location'),
      ],
    };
  }
  const type = input.type;
  const category = resolveCategory(type, input.category, at, errors);
  if (!category) return { ok: false, errors };
  const { content, destinations } = resolveContent(type, category, input, at, errors);
  errors.push(...checkPlainFields(input, category, at));
  errors.push(...validateOpeningInput(input, category, at));
  const look = parseLook(input, at, errors);
  if (errors.length) return { ok: false, errors };
  return { ok: true, draft: { ...buildDraft(input, type, category, content, destinations), ...look } };
}

/**
 * How the code looks. Without a preset: a design given as a partial object onto the defaults (null when
 * it draws the plain code). With `design_preset_id`: `design` is what the code sets differently from
 * the preset, checked here for its form; the preset itself is looked up when the code is planned.
 */
function parseLook(input: Record<string, unknown>, at: string, errors: FieldError[]): Pick<QrCodeDraft, 'design' | 'design_preset_id' | 'design_overrides'> {
  const presetId = input.design_preset_id;
  if (presetId === undefined || presetId === null) return { design: parseDesign(input.design, at, errors), design_preset_id: null, design_overrides: null };
  if (typeof presetId !== 'string' || !/^dsp_[0-9A-Za-z]{24}$/.test(presetId)) {
    errors.push(fieldError(`${at}/design_preset_id`, 'invalid', 'the id of a brand preset of this workspace (GET /design-presets)'));
    return { design: null, design_preset_id: null, design_overrides: null };
  }
  const overrides = input.design ?? {};
  if (!isPlainObject(overrides)) {
    errors.push(fieldError(`${at}/design`, 'invalid_type', 'with a preset, design holds what this code sets differently: a JSON object'));
    return { design: null, design_preset_id: null, design_overrides: null };
  }
  const checked = applyDesign(DEFAULT_DESIGN, overrides, `${at}/design`);
  if (!checked.ok) errors.push(...checked.errors);
  return { design: null, design_preset_id: presetId, design_overrides: overrides };
}

/** A design given as a partial object onto the defaults; stored as null when it draws the plain code. */
function parseDesign(value: unknown, at: string, errors: FieldError[]): Design | null {
  if (value === undefined || value === null) return null;
  const parsed = applyDesign(DEFAULT_DESIGN, value, `${at}/design`);
  if (!parsed.ok) {
    errors.push(...parsed.errors);
    return null;
  }
  return isDefaultDesign(parsed.design) ? null : parsed.design;
}

function resolveCategory(type: QrType, value: unknown, at: string, errors: FieldError[]): QrCategory | null {
  const allowed = allowedCategories(type);
  if (value === undefined || value === null) return allowed[0];
  if (value !== 'dynamic' && value !== 'static') {
    errors.push(fieldError(`${at}/category`, 'invalid', 'category must be dynamic or static'));
    return null;
  }
  if (!allowed.includes(value)) {
    errors.push(fieldError(`${at}/category`, 'not_allowed_for_type', `a ${type} code can only be ${allowed.join(' or ')}`));
    return null;
  }
  return value;
}

function resolveContent(type: QrType, category: QrCategory, input: Record<string, unknown>, at: string, errors: FieldError[]) {
  let content = input.content as Record<string, unknown>;
  let destinations: Destination[] = [];
  const smart = type === 'website' && category === 'dynamic';
  if (!smart && input.destinations !== undefined && input.destinations !== null) {
    errors.push(
      fieldError(`${at}/destinations`, 'not_allowed_for_type', 'destinations are set only on dynamic website codes; other codes derive theirs from content'),
    );
  }
  if (smart && input.destinations !== undefined && input.destinations !== null) {
    const destinationErrors = validateDestinations(input.destinations, `${at}/destinations`);
    errors.push(...destinationErrors);
    if (destinationErrors.length) return { content, destinations };
    destinations = input.destinations as Destination[];
    if (content === undefined) content = { url: destinations[0].target_url };
    else if (isPlainObject(content) && content.url !== destinations[0].target_url) {
      errors.push(fieldError(`${at}/content/url`, 'conflict', 'content.url must equal destinations[0].target_url (or give only one of them)'));
    }
  }
  if (content === undefined) {
    errors.push(fieldError(`${at}/content`, 'required', 'content is required'));
    return { content, destinations };
  }
  const contentErrors = validateContent(type, category, content, `${at}/content`);
  errors.push(...contentErrors);
  if (!contentErrors.length && category === 'dynamic' && !isHostedType(type, category) && destinations.length === 0) {
    destinations = [{ target_url: dynamicTarget(type, content)! }];
  }
  return { content, destinations };
}

function checkPlainFields(input: Record<string, unknown>, category: QrCategory, at: string): FieldError[] {
  const errors = [
    ...checkOptionalName(input.name, `${at}/name`, 200),
    ...checkOptionalName(input.client_ref, `${at}/client_ref`, 200),
    ...checkOptionalName(input.folder_id, `${at}/folder_id`, 64),
    ...checkOptionalName(input.custom_domain_id, `${at}/custom_domain_id`, 64),
    ...UTM_FIELDS.flatMap((f) => checkOptionalName(input[f], `${at}/${f}`, 200)),
  ];
  if (input.status !== undefined && input.status !== 'active' && input.status !== 'paused') {
    errors.push(fieldError(`${at}/status`, 'invalid', 'status must be active or paused'));
  }
  if (input.fallback_url !== undefined && input.fallback_url !== null) errors.push(...validateHttpUrl(input.fallback_url, `${at}/fallback_url`));
  if (category === 'static') {
    for (const f of DYNAMIC_ONLY) {
      if (input[f] !== undefined && input[f] !== null) errors.push(fieldError(`${at}/${f}`, 'not_allowed_for_static', `${f} applies only to dynamic codes`));
    }
  }
  return errors;
}

function buildDraft(
  input: Record<string, unknown>,
  type: QrType,
  category: QrCategory,
  content: Record<string, unknown>,
  destinations: Destination[],
): Omit<QrCodeDraft, 'design' | 'design_preset_id' | 'design_overrides'> {
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  const time = (v: unknown) => (typeof v === 'string' ? parseRfc3339(v)!.getTime() : null);
  return {
    name: str(input.name) ?? `Untitled ${type} code`,
    type,
    category,
    status: input.status === 'paused' ? 'paused' : 'active',
    content,
    destinations,
    client_ref: str(input.client_ref),
    utm_source: str(input.utm_source),
    utm_medium: str(input.utm_medium),
    utm_campaign: str(input.utm_campaign),
    utm_term: str(input.utm_term),
    utm_content: str(input.utm_content),
    start_at: time(input.start_at),
    end_at: time(input.end_at),
    daily_start: str(input.daily_start),
    daily_end: str(input.daily_end),
    daily_days: Array.isArray(input.daily_days) ? (input.daily_days as Weekday[]) : null,
    timezone: str(input.timezone) ?? 'UTC',
    scan_limit: typeof input.scan_limit === 'number' ? input.scan_limit : null,
    fallback_url: str(input.fallback_url),
    folder_id: str(input.folder_id),
    custom_domain_id: str(input.custom_domain_id),
  };
}
