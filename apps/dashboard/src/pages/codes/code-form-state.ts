import { type Category, type Destination, type QrCode, type QrType, type Weekday } from '../../api/types';
import { browserTimeZone, instantToWallTime, wallTimeToRfc3339 } from '../../lib/zoned-time';
import { WEEKDAYS } from '@qr/opening-rules/browser';
import { UTM_FIELDS, type UtmField } from '@qr/qr-content/browser';
import { allowedCategories, CONTENT_FIELDS, emptyContent } from './code-types';
import { designBody, designForm, type DesignForm, isDefaultDesignForm, overridesOf } from './design-form';
import { commaList, gs1ContentBody, type Gs1EditorContent, gs1EditorContent } from './gs1-form';
import { passwordBody, type PasswordForm, passwordForm } from './password-form';

/** A conditional destination after the default one, as the form edits it ('' = no condition). */
export interface DestinationRule {
  target_url: string;
  device: string;
  os: string;
  country: string;
  language: string;
  /** A/B weight, 0–1000, or '' for none. */
  weight: string;
}

/** Everything the code form edits, as strings and booleans the inputs hold. */
export interface CodeFormState {
  name: string;
  type: QrType;
  category: Category;
  client_ref: string;
  folder_id: string;
  custom_domain_id: string;
  content: Record<string, unknown>;
  rules: DestinationRule[];
  /** The A/B weight of the default destination (the URL field), or ''. */
  default_weight: string;
  timezone: string;
  /** Wall-clock times in `timezone` (datetime-local), or ''. */
  start_at: string;
  end_at: string;
  daily_start: string;
  daily_end: string;
  daily_days: Weekday[];
  scan_limit: string;
  fallback_url: string;
  utm: Record<UtmField, string>;
  paused: boolean;
  design: DesignForm;
  /** The brand preset the code follows ('' for none), and that preset's design (to send only what differs). */
  design_preset_id: string;
  preset_design: Record<string, unknown> | null;
  /** A dynamic code's password: never the stored one, which is not returned. */
  password: PasswordForm;
  /** An edited code's stored start and end: sent back unchanged when their wall times were not touched. */
  stored?: { start_at: string | null; end_at: string | null; timezone: string };
}

export function newCodeState(type: QrType = 'website'): CodeFormState {
  return {
    name: '',
    type,
    category: allowedCategories(type)[0],
    client_ref: '',
    folder_id: '',
    custom_domain_id: '',
    content: emptyContent(type),
    rules: [],
    default_weight: '',
    timezone: browserTimeZone(),
    start_at: '',
    end_at: '',
    daily_start: '',
    daily_end: '',
    daily_days: [],
    scan_limit: '',
    fallback_url: '',
    utm: { utm_source: '', utm_medium: '', utm_campaign: '', utm_term: '', utm_content: '' },
    paused: false,
    design: designForm(),
    design_preset_id: '',
    preset_design: null,
    password: passwordForm(),
  };
}

/** The form's state for an existing code (the edit page). */
export function stateOfCode(code: QrCode): CodeFormState {
  const base = newCodeState(code.type);
  const content = { ...base.content, ...stringsOf(code.type, code.content) };
  return {
    ...base,
    name: code.name,
    category: code.category,
    client_ref: code.client_ref ?? '',
    folder_id: code.folder_id ?? '',
    custom_domain_id: code.custom_domain_id ?? '',
    content,
    rules: code.type === 'website' && code.category === 'dynamic' ? code.destinations.slice(1).map(ruleOf) : [],
    default_weight: weightText(code.destinations[0]?.weight),
    timezone: code.timezone,
    start_at: instantToWallTime(code.start_at, code.timezone),
    end_at: instantToWallTime(code.end_at, code.timezone),
    daily_start: code.daily_start ?? '',
    daily_end: code.daily_end ?? '',
    daily_days: code.daily_days ?? [],
    scan_limit: code.scan_limit === null ? '' : String(code.scan_limit),
    fallback_url: code.fallback_url ?? '',
    utm: Object.fromEntries(UTM_FIELDS.map((k) => [k, code[k] ?? ''])) as Record<UtmField, string>,
    paused: code.status === 'paused',
    design: designForm(code.design),
    design_preset_id: code.design_preset_id ?? '',
    preset_design: null,
    stored: { start_at: code.start_at, end_at: code.end_at, timezone: code.timezone },
    password: passwordForm(code.password_protected),
  };
}

function ruleOf(d: Destination): DestinationRule {
  return {
    target_url: d.target_url,
    device: d.device ?? '',
    os: d.os ?? '',
    country: d.country ?? '',
    language: d.language ?? '',
    weight: weightText(d.weight),
  };
}

const weightText = (weight: number | undefined) => (weight === undefined ? '' : String(weight));

/** Stored content in the editors' shape: numbers as text, menu tags and GS1 link languages as one comma-separated line. */
function stringsOf(type: QrType, content: Record<string, unknown>): Record<string, unknown> {
  if (type === 'menu') {
    const sections = (content.sections as Array<{ name: string; items: Array<Record<string, unknown>> }>) ?? [];
    return {
      ...content,
      currency: content.currency ?? '',
      footer: content.footer ?? '',
      sections: sections.map((s) => ({
        name: s.name,
        items: s.items.map((i) => ({
          name: i.name,
          description: i.description ?? '',
          price: i.price === undefined ? '' : String(i.price),
          tags: ((i.tags as string[]) ?? []).join(', '),
        })),
      })),
    };
  }
  if (type === 'form') return { submit_label: '', success_message: '', ...content };
  if (type === 'gs1') return { ...gs1EditorContent(content) };
  return Object.fromEntries(Object.entries(content).map(([k, v]) => [k, typeof v === 'number' ? String(v) : v]));
}

const NUMBER = /^-?\d+(\.\d+)?$/;
/** A number where the text is one; otherwise the text itself, so the server names the problem at its pointer. */
const numeric = (v: unknown): unknown => (typeof v === 'string' && NUMBER.test(v.trim()) ? Number(v.trim()) : v);
const filled = (v: unknown) => typeof v === 'string' && v !== '';

/** The API's `content` for what the editors hold: optional fields left empty are left out (null is refused). */
export function contentBody(type: QrType, content: Record<string, unknown>): Record<string, unknown> {
  if (type === 'menu') return menuBody(content);
  if (type === 'form') return formBody(content);
  if (type === 'gs1') return gs1ContentBody(content as unknown as Gs1EditorContent);
  const out: Record<string, unknown> = {};
  for (const spec of CONTENT_FIELDS[type] ?? []) {
    if (spec.when && !spec.when(content)) continue;
    const value = content[spec.key];
    if (spec.kind === 'checkbox') {
      if (value === true) out[spec.key] = true;
    } else if (spec.required || filled(value)) {
      out[spec.key] = spec.kind === 'number' ? numeric(value ?? '') : (value ?? '');
    }
  }
  return out;
}

/** The keys of `c` whose text is filled in: an optional field left empty is left out. */
const filledOf = (c: Record<string, unknown>, ...keys: string[]) => Object.fromEntries(keys.filter((k) => filled(c[k])).map((k) => [k, c[k]]));

function menuBody(c: Record<string, unknown>): Record<string, unknown> {
  const sections = (c.sections as Array<{ name: string; items: Array<Record<string, string>> }>).map((s) => ({
    name: s.name,
    items: s.items.map((i) => {
      const tags = commaList(i.tags ?? '');
      return {
        name: i.name,
        ...filledOf(i, 'description'),
        ...(filled(i.price) ? { price: numeric(i.price) } : {}),
        ...(tags.length ? { tags } : {}),
      };
    }),
  }));
  return { title: c.title, ...filledOf(c, 'currency', 'footer'), sections };
}

function formBody(c: Record<string, unknown>): Record<string, unknown> {
  const fields = (c.fields as Array<Record<string, unknown>>).map(({ name, label, type, required }) => ({ name, label, type, required }));
  return { title: c.title, fields, ...filledOf(c, 'submit_label', 'success_message') };
}

function destinationsOf(s: CodeFormState): Destination[] {
  const rules = s.rules.map((r) => {
    const d: Record<string, string> = { target_url: r.target_url };
    for (const key of ['device', 'os', 'country', 'language'] as const)
      if (r[key]) d[key] = key === 'country' ? r[key].toUpperCase() : key === 'language' ? r[key].toLowerCase() : r[key];
    return (r.weight.trim() ? { ...d, weight: numeric(r.weight) } : d) as unknown as Destination;
  });
  const first = { target_url: String(s.content.url ?? '') };
  return [(s.default_weight.trim() ? { ...first, weight: numeric(s.default_weight) } : first) as Destination, ...rules];
}

const isSmartWebsite = (s: Pick<CodeFormState, 'type' | 'category'>) => s.type === 'website' && s.category === 'dynamic';

/**
 * The instant a wall-time field stands for. An untouched stored time goes back as stored (an hour that
 * occurs twice could otherwise move on save); a wall time the zone cannot place goes to the server as
 * typed, so it answers at the field.
 */
function instant(s: CodeFormState, field: 'start_at' | 'end_at'): string {
  const stored = s.stored?.[field];
  if (stored && s.stored?.timezone === s.timezone && instantToWallTime(stored, s.timezone) === s[field]) return stored;
  return wallTimeToRfc3339(s[field], s.timezone) ?? s[field];
}

/** The opening rules, UTM and fallback of a dynamic code, each `null` when cleared (for a PATCH) or left out (create). */
function dynamicFields(s: CodeFormState, clear: boolean): Record<string, unknown> {
  const set = (v: unknown, isSet: boolean) => (isSet ? v : clear ? null : undefined);
  const out: Record<string, unknown> = {
    timezone: s.timezone,
    start_at: set(instant(s, 'start_at'), s.start_at !== ''),
    end_at: set(instant(s, 'end_at'), s.end_at !== ''),
    daily_start: set(s.daily_start, s.daily_start !== ''),
    daily_end: set(s.daily_end, s.daily_end !== ''),
    daily_days: set(
      WEEKDAYS.filter((d) => s.daily_days.includes(d)),
      s.daily_days.length > 0,
    ),
    scan_limit: set(numeric(s.scan_limit.trim()), s.scan_limit.trim() !== ''),
    fallback_url: set(s.fallback_url, s.fallback_url !== ''),
    ...Object.fromEntries(UTM_FIELDS.map((k) => [k, set(s.utm[k], s.utm[k] !== '')])),
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}

/**
 * How the code looks, in a request: with a preset, the preset's id and what the form sets differently
 * from it (a PATCH that names the preset gives those overrides whole); without one, the whole design
 * (left out of a create when it is the default; on a PATCH `design_preset_id: null` leaves a preset).
 */
export function lookBody(s: Pick<CodeFormState, 'design' | 'design_preset_id' | 'preset_design'>, patch: boolean): Record<string, unknown> {
  if (s.design_preset_id) {
    const overrides = s.preset_design ? overridesOf(designBody(s.design), s.preset_design) : {};
    return { design_preset_id: s.design_preset_id, ...(patch || Object.keys(overrides).length ? { design: overrides } : {}) };
  }
  if (patch) return { design_preset_id: null, design: designBody(s.design) };
  return isDefaultDesignForm(s.design) ? {} : { design: designBody(s.design) };
}

/** POST /qrcodes body. */
export function createBody(s: CodeFormState): Record<string, unknown> {
  const body: Record<string, unknown> = { type: s.type, category: s.category, content: contentBody(s.type, s.content) };
  if (s.name.trim()) body.name = s.name;
  if (s.client_ref) body.client_ref = s.client_ref;
  if (s.folder_id) body.folder_id = s.folder_id;
  if (s.paused) body.status = 'paused';
  Object.assign(body, lookBody(s, false));
  if (s.category === 'dynamic') {
    if (s.custom_domain_id) body.custom_domain_id = s.custom_domain_id;
    if (isSmartWebsite(s) && (s.rules.length || s.default_weight.trim())) body.destinations = destinationsOf(s);
    Object.assign(body, dynamicFields(s, false), passwordBody(s.password));
  }
  return body;
}

/** PATCH /qrcodes/{id} body: every editable field, cleared ones as null. A static code's data never changes. */
export function patchBody(s: CodeFormState): Record<string, unknown> {
  const body: Record<string, unknown> = { name: s.name, folder_id: s.folder_id || null, status: s.paused ? 'paused' : 'active', ...lookBody(s, true) };
  if (s.category === 'static') return body;
  body.content = contentBody(s.type, s.content);
  if (isSmartWebsite(s)) body.destinations = destinationsOf(s);
  return { ...body, ...dynamicFields(s, true), ...passwordBody(s.password) };
}

/**
 * Where the server's pointers land in the form: a dynamic website's default destination is its
 * URL field, later ones the rules (destinations[1] is rules[0]).
 */
export function formPointer(pointer: string): string {
  const m = /^\/destinations\/(\d+)(\/.*)?$/.exec(pointer);
  if (!m) return pointer;
  const index = Number(m[1]);
  if (index === 0) return m[2] === '/target_url' || m[2] === undefined ? '/content/url' : m[2] === '/weight' ? '/default_weight' : pointer;
  return `/rules/${index - 1}${m[2] ?? ''}`;
}
