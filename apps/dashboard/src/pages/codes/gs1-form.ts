import { GS1_LINK_TYPES, gtinErrors, toGtin14 } from '@qr/gs1/browser';

/** One link of a `gs1` code as the editor holds it: lists as comma-separated text. */
export interface Gs1LinkRow {
  link_type: string;
  href: string;
  title: string;
  /** Languages, comma-separated: `en, fr-BE`. */
  hreflang: string;
  type: string;
  /** Context values, comma-separated. */
  context: string;
  default: boolean;
}

/** A data attribute (an AI and its value) as the editor holds it. */
export interface Gs1DataRow {
  ai: string;
  value: string;
}

/** A `gs1` code's content as the editor holds it: every field text, the data attributes and links as rows. */
export interface Gs1EditorContent {
  gtin: string;
  cpv: string;
  lot: string;
  serial: string;
  item_description: string;
  data: Gs1DataRow[];
  links: Gs1LinkRow[];
}

/** The key qualifiers in the order a Digital Link URI prints them (22, 10, 21), with the field each is stored in. */
export const GS1_QUALIFIERS = [
  { field: 'cpv', ai: '22', label: 'Variant (22)' },
  { field: 'lot', ai: '10', label: 'Lot (10)' },
  { field: 'serial', ai: '21', label: 'Serial (21)' },
] as const;

/**
 * The data attributes the form offers by name, with how their value is written; the measures
 * (310n–369n) are entered by their AI. The server checks each value (@qr/gs1 dataAttributeErrors).
 */
export const GS1_DATA_ATTRIBUTES: ReadonlyArray<{ ai: string; label: string; hint: string }> = [
  { ai: '17', label: 'Expiry date (17)', hint: 'YYMMDD, e.g. 270131; DD 00 when the day is unknown' },
  { ai: '15', label: 'Best before date (15)', hint: 'YYMMDD, e.g. 270131' },
  { ai: '16', label: 'Sell by date (16)', hint: 'YYMMDD, e.g. 270131' },
  { ai: '11', label: 'Production date (11)', hint: 'YYMMDD, e.g. 261201' },
  { ai: '13', label: 'Packaging date (13)', hint: 'YYMMDD, e.g. 261201' },
  { ai: '7003', label: 'Expiry date and time (7003)', hint: 'YYMMDDHHMM, e.g. 2701311800' },
  { ai: '30', label: 'Variable count (30)', hint: '1 to 8 digits' },
];

/** The link types a code may use, for a picker: the resolver's own (defaultLink, handledBy…) are not chosen. */
export const GS1_LINK_TYPE_OPTIONS = GS1_LINK_TYPES.filter((t) => t.group !== 'resolver').map((t) => ({
  value: `gs1:${t.name}`,
  label: t.label,
  group: t.group === 'product' ? 'For products' : 'For places and organisations',
}));

export const emptyGs1Link = (isDefault: boolean): Gs1LinkRow => ({
  link_type: 'gs1:pip',
  href: '',
  title: '',
  hreflang: '',
  type: '',
  context: '',
  default: isDefault,
});

/** A new `gs1` code: a GTIN to type and one link, the default. */
export function emptyGs1Content(): Gs1EditorContent {
  return { gtin: '', cpv: '', lot: '', serial: '', item_description: '', data: [], links: [emptyGs1Link(true)] };
}

/** A stored `gs1` content in the editor's shape. */
export function gs1EditorContent(stored: Record<string, unknown>): Gs1EditorContent {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const list = (v: unknown) => (Array.isArray(v) ? v.join(', ') : '');
  const links = Array.isArray(stored.links) ? (stored.links as Array<Record<string, unknown>>) : [];
  return {
    gtin: text(stored.gtin),
    cpv: text(stored.cpv),
    lot: text(stored.lot),
    serial: text(stored.serial),
    item_description: text(stored.item_description),
    data: Object.entries((stored.data as Record<string, string> | undefined) ?? {}).map(([ai, value]) => ({ ai, value })),
    links: links.map((l) => ({
      link_type: text(l.link_type),
      href: text(l.href),
      title: text(l.title),
      hreflang: list(l.hreflang),
      type: text(l.type),
      context: list(l.context),
      default: l.default === true,
    })),
  };
}

/** `en, fr-BE` as its entries. */
export const commaList = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

// People write en-gb or EN; the API takes the BCP 47 case (lower-case language, upper-case region).
const languageCase = (tag: string) =>
  tag.replace(/^([A-Za-z]+)(?:-([A-Za-z]+))?$/, (_, lang: string, region?: string) =>
    region ? `${lang.toLowerCase()}-${region.toUpperCase()}` : lang.toLowerCase(),
  );

/** The API's `content` for what the editor holds: empty optional fields left out (the API refuses null and ''). */
export function gs1ContentBody(c: Gs1EditorContent): Record<string, unknown> {
  const out: Record<string, unknown> = { gtin: c.gtin.trim() };
  for (const { field } of GS1_QUALIFIERS) if (c[field] !== '') out[field] = c[field];
  if (c.data.length) out.data = Object.fromEntries(c.data.map((d) => [d.ai.trim(), d.value.trim()]));
  if (c.item_description.trim()) out.item_description = c.item_description;
  out.links = c.links.map((l) => {
    const hreflang = commaList(l.hreflang).map(languageCase);
    const context = commaList(l.context);
    return {
      link_type: l.link_type,
      href: l.href.trim(),
      title: l.title,
      ...(hreflang.length ? { hreflang } : {}),
      ...(l.type.trim() ? { type: l.type.trim() } : {}),
      ...(context.length ? { context } : {}),
      ...(l.default ? { default: true } : {}),
    };
  });
  return out;
}

const GTIN_NAMES: Record<number, string> = { 8: 'GTIN-8', 12: 'GTIN-12 (UPC-A)', 13: 'GTIN-13 (EAN)', 14: 'GTIN-14' };

/**
 * What the GTIN field says while it is typed, by the server's own rule (gtinErrors): one sentence,
 * whether it is good news, and whether the number may still be being typed; null while it is empty.
 */
export function gtinFeedback(value: string): { ok: boolean; text: string; typing?: boolean } | null {
  const gtin = value.trim();
  const [problem] = gtinErrors(gtin, '');
  if (!problem) return { ok: true, text: `Check digit correct: a ${GTIN_NAMES[gtin.length]}, printed as ${toGtin14(gtin)}.` };
  if (problem.code === 'required') return null;
  if (problem.code === 'invalid_check_digit') return { ok: false, text: `Wrong check digit. ${problem.detail}` };
  if (!/^\d+$/.test(gtin)) return { ok: false, text: 'Digits only: a GTIN has 8, 12, 13 or 14 digits.' };
  return { ok: false, text: `${gtin.length} ${gtin.length === 1 ? 'digit' : 'digits'}: a GTIN has 8, 12, 13 or 14.`, typing: gtin.length < 14 };
}
