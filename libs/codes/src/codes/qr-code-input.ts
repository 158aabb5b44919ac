import { applyDesign, check, payloadSizeErrors, QrCodeInput, validateContent } from '@qr/api-contract';
import { type FieldError, fieldError, isPlainObject, parseRfc3339 } from '@qr/domain';
import { validateOpeningInput, type Weekday } from '@qr/opening-rules';
import { allowedCategories, type Destination, dynamicTarget, isHostedType, type QrCategory, type QrType } from '@qr/qr-content';
import { toGtin14 } from '@qr/gs1';
import { DEFAULT_DESIGN, type Design, isDefaultDesign } from '@qr/qr-design';
import { type QrCodeDraft } from './qr-code-record';

/** Fields that only make sense when scans reach us. */
const DYNAMIC_ONLY = [
  'short_code',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'fallback_url',
  'custom_domain_id',
  'password',
] as const;

/**
 * `password` is the clear text as sent (undefined: not sent; null: remove). It is kept out of the
 * draft on purpose: the draft is spread into the stored record, its events and its history, and the
 * clear text must reach none of them. The use case hashes it (`passwordHashOf`).
 */
export type ParsedInput = { ok: true; draft: QrCodeDraft; password: string | null | undefined } | { ok: false; errors: FieldError[] };

/**
 * Validates a create request (or a PATCH merged onto the stored code) against the QrCodeInput
 * declaration, then applies the rules between fields, and decides the draft: category defaults to
 * dynamic where the type allows it, and a dynamic website's `content.url` and first destination are
 * kept equal (either may be given).
 */
export function parseQrCodeInput(input: unknown, at = ''): ParsedInput {
  const checked = check(QrCodeInput, input, at);
  const shapeErrors = checked.ok ? [] : checked.errors;
  if (!isPlainObject(input)) return { ok: false, errors: shapeErrors };
  const errorsAt = (field: string) => shapeErrors.filter((e) => e.pointer === `${at}/${field}` || e.pointer.startsWith(`${at}/${field}/`));
  const unknown = shapeErrors.filter((e) => e.code === 'unknown_field' && e.pointer.split('/').length === at.split('/').length + 1);
  // Without a type or a category nothing else can be judged: the answer names those (and unknown fields) alone.
  if (errorsAt('type').length) return { ok: false, errors: [...unknown, ...errorsAt('type')] };
  if (errorsAt('category').length) return { ok: false, errors: [...unknown, ...errorsAt('category')] };
  const type = input.type as QrType;
  const category = resolveCategory(type, input.category, at);
  if (typeof category !== 'string') return { ok: false, errors: [...unknown, category] };
  const smart = type === 'website' && category === 'dynamic';
  const sent = (field: string) => input[field] !== undefined && input[field] !== null;
  // Destinations of a code that takes none are refused whole, not checked entry by entry.
  const errors = smart || !sent('destinations') ? shapeErrors : shapeErrors.filter((e) => !errorsAt('destinations').includes(e));
  const { content, destinations } = resolveContent(type, category, input, at, errors);
  if (category === 'static') {
    for (const f of DYNAMIC_ONLY) if (sent(f)) errors.push(fieldError(`${at}/${f}`, 'not_allowed_for_static', `${f} applies only to dynamic codes`));
  }
  // The resolver answers checkout scanners and phones without a page in between, so it could not ask.
  if (type === 'gs1' && sent('password'))
    errors.push(fieldError(`${at}/password`, 'not_allowed_for_type', 'gs1 codes take no password: the GS1 resolver never asks for one'));
  errors.push(...validateOpeningInput(input, category, at));
  const look = parseLook(input, at, errors);
  if (errors.length) return { ok: false, errors };
  const password = typeof input.password === 'string' || input.password === null ? input.password : undefined;
  return { ok: true, draft: buildDraft(input, type, category, content, destinations, look), password };
}

type Look = Pick<QrCodeDraft, 'design' | 'design_preset_id' | 'design_overrides'>;

/**
 * How the code looks. Without a preset: a design given as a partial object onto the defaults (null when
 * it draws the plain code). With `design_preset_id`: `design` is what the code sets differently from
 * the preset, checked here for its form; the preset itself is looked up when the code is planned.
 */
function parseLook(input: Record<string, unknown>, at: string, errors: FieldError[]): Look {
  const presetId = input.design_preset_id;
  if (presetId === undefined || presetId === null) return { design: parseDesign(input.design, at, errors), design_preset_id: null, design_overrides: null };
  if (errors.some((e) => e.pointer === `${at}/design_preset_id`)) return { design: null, design_preset_id: null, design_overrides: null };
  const overrides = input.design ?? {};
  if (!isPlainObject(overrides)) {
    errors.push(fieldError(`${at}/design`, 'invalid_type', 'with a preset, design holds what this code sets differently: a JSON object'));
    return { design: null, design_preset_id: null, design_overrides: null };
  }
  const checked = applyDesign(DEFAULT_DESIGN, overrides, `${at}/design`);
  if (!checked.ok) errors.push(...checked.errors);
  return { design: null, design_preset_id: presetId as string, design_overrides: overrides };
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

function resolveCategory(type: QrType, value: unknown, at: string): QrCategory | FieldError {
  const allowed = allowedCategories(type);
  if (value === undefined || value === null) return allowed[0];
  if (!allowed.includes(value as QrCategory)) return fieldError(`${at}/category`, 'not_allowed_for_type', `a ${type} code can only be ${allowed.join(' or ')}`);
  return value as QrCategory;
}

function resolveContent(type: QrType, category: QrCategory, input: Record<string, unknown>, at: string, errors: FieldError[]) {
  let content = input.content as Record<string, unknown>;
  let destinations: Destination[] = [];
  const smart = type === 'website' && category === 'dynamic';
  const sentDestinations = input.destinations !== undefined && input.destinations !== null;
  const failed = (field: string) => errors.some((e) => e.pointer === `${at}/${field}` || e.pointer.startsWith(`${at}/${field}/`));
  if (!smart && sentDestinations) {
    errors.push(
      fieldError(`${at}/destinations`, 'not_allowed_for_type', 'destinations are set only on dynamic website codes; other codes derive theirs from content'),
    );
  }
  if (smart && sentDestinations) {
    if (failed('destinations')) return { content, destinations };
    destinations = input.destinations as Destination[];
    if (content === undefined) {
      content = { url: destinations[0].target_url };
      errors.push(...validateContent(type, category, content, `${at}/content`));
    } else if (isPlainObject(content) && content.url !== destinations[0].target_url) {
      errors.push(fieldError(`${at}/content/url`, 'conflict', 'content.url must equal destinations[0].target_url (or give only one of them)'));
    }
  }
  if (content === undefined) {
    errors.push(fieldError(`${at}/content`, 'required', 'content is required'));
    return { content, destinations };
  }
  if (failed('content')) return { content, destinations };
  // A GTIN is matched and printed as GTIN-14, so it is stored so: `9506000134352` is `09506000134352`.
  if (type === 'gs1') content = { ...content, gtin: toGtin14(content.gtin as string) };
  if (category === 'static') errors.push(...payloadSizeErrors(type, content, `${at}/content`));
  if (!failed('content') && category === 'dynamic' && !isHostedType(type, category) && destinations.length === 0) {
    destinations = [{ target_url: dynamicTarget(type, content)! }];
  }
  return { content, destinations };
}

function buildDraft(
  input: Record<string, unknown>,
  type: QrType,
  category: QrCategory,
  content: Record<string, unknown>,
  destinations: Destination[],
  look: Look,
): QrCodeDraft {
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
    short_code: category === 'dynamic' ? str(input.short_code) : null,
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
    // Written out, not spread onto the rest: V8 builds a literal many times faster than it copies an object.
    design: look.design,
    design_preset_id: look.design_preset_id,
    design_overrides: look.design_overrides,
  };
}
