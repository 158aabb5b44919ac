import type { FieldError } from '@qr/domain';
import { aiRole, KEY_QUALIFIERS, type KeyQualifier, qualifierErrors, QUALIFIER_FIELDS } from './application-identifiers';
import { gtinErrors, toGtin14 } from './gtin';

/** What a GS1 Digital Link path identifies: a GTIN-14 and its optional qualifiers, values decoded. */
export interface Gs1Key {
  gtin: string;
  cpv?: string;
  lot?: string;
  serial?: string;
}

export type PathParse = { ok: true; key: Gs1Key } | { ok: false; problems: FieldError[] };

// Short names for keys and qualifiers, removed from GS1 Digital Link URI syntax in 1.3 (Nov 2022).
const CONVENIENCE_ALPHAS = [
  'gtin',
  'itip',
  'gmn',
  'cpid',
  'gln',
  'party',
  'gsrnp',
  'gsrn',
  'gcn',
  'sscc',
  'gdti',
  'ginc',
  'gsin',
  'grai',
  'giai',
  'cpv',
  'lot',
  'ser',
];

/**
 * Reads a request path (`/01/{gtin}[/22/{cpv}][/10/{lot}][/21/{serial}]`, raw, without the query)
 * into a key, or says why it is not a valid GTIN Digital Link path: the reasons a resolver answers
 * 400 with. One trailing slash is ignored; each segment is percent-decoded once after splitting, so
 * `%2F` in a lot is part of the lot; a GTIN-8, -12 or -13 is read as its GTIN-14. Problems point at
 * `/path` or `/path/{ai}`.
 *
 * @example parseDigitalLinkPath('/01/09506000134352/10/ABC%2F1/') // { ok: true, key: { gtin: '09506000134352', lot: 'ABC/1' } }
 * @example parseDigitalLinkPath('/01/09506000134352/21/S1/10/L1') // { ok: false, problems: [{ pointer: '/path/10', code: 'qualifier_order', … }] }
 */
export function parseDigitalLinkPath(path: string): PathParse {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  const segments = trimmed.split('/').slice(1);
  if (!trimmed.startsWith('/') || segments.some((segment) => segment === '')) {
    return reject('/path', 'invalid_path', 'A GS1 Digital Link path is /01/{gtin} followed by optional /{AI}/{value} pairs, with no empty segment.');
  }
  const first = segments[0];
  if (CONVENIENCE_ALPHAS.includes(first.toLowerCase())) {
    return reject('/path', 'convenience_alpha', `/${first}/ is a short name GS1 Digital Link removed in 2022; use numeric AIs such as /01/.`);
  }
  if (first !== '01') {
    const detail =
      aiRole(first) === 'other_key' ? `This resolver answers for GTINs (/01/) only, not for AI ${first}.` : 'A GS1 Digital Link path starts with /01/{gtin}.';
    return reject('/path', aiRole(first) === 'other_key' ? 'unsupported_key' : 'invalid_path', detail);
  }
  if (segments.length % 2 !== 0) {
    return reject('/path', 'invalid_path', 'A GS1 Digital Link path is pairs of /{AI}/{value}; this one has a segment left over.');
  }
  const values: string[] = [];
  for (let i = 1; i < segments.length; i += 2) {
    const decoded = decodeSegment(segments[i]);
    if (decoded === null) return reject(`/path/${segments[i - 1]}`, 'invalid_encoding', 'The value is not valid percent-encoded UTF-8.');
    values.push(decoded);
  }
  const problems = gtinErrors(values[0], '/path/01');
  const key: Gs1Key = { gtin: problems.length === 0 ? toGtin14(values[0]) : values[0] };
  let previous = -1;
  for (let pair = 1; pair < values.length; pair++) {
    const ai = segments[pair * 2];
    const pointer = `/path/${ai}`;
    const position = (KEY_QUALIFIERS as readonly string[]).indexOf(ai);
    if (position === -1) {
      problems.push({ pointer, code: 'not_allowed_in_path', detail: notInPathDetail(ai) });
      continue;
    }
    if (position <= previous) {
      problems.push({ pointer, code: 'qualifier_order', detail: 'Qualifiers come at most once each, in the order 22 (variant), 10 (lot), 21 (serial).' });
      continue;
    }
    previous = position;
    const errors = qualifierErrors(ai as KeyQualifier, values[pair], pointer);
    problems.push(...errors);
    if (errors.length === 0) key[QUALIFIER_FIELDS[ai as KeyQualifier]] = values[pair];
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, key };
}

/**
 * The canonical path of a key: GTIN-14, the qualifiers present in the order 22, 10, 21, and every
 * character outside `A–Z a–z 0–9 - . _ ~` percent-encoded (so `!'()*` too, which
 * encodeURIComponent leaves alone).
 *
 * @example digitalLinkPath({ gtin: '09506000134352', lot: 'AB/1' }) // '/01/09506000134352/10/AB%2F1'
 */
export function digitalLinkPath(key: Gs1Key): string {
  let path = `/01/${key.gtin}`;
  for (const ai of KEY_QUALIFIERS) {
    const value = key[QUALIFIER_FIELDS[ai]];
    if (value !== undefined) path += `/${ai}/${encodeAiValue(value)}`;
  }
  return path;
}

/**
 * The GS1 Digital Link URI of a key on `origin` (`https://id.brand.com`, no trailing slash), with
 * the data attributes as a query string in ascending AI order: what a code's pattern encodes.
 *
 * @example digitalLinkUri('https://id.brand.com', { gtin: '09506000134352', lot: 'ABC123' }, { '17': '270101' })
 * // 'https://id.brand.com/01/09506000134352/10/ABC123?17=270101'
 */
export function digitalLinkUri(origin: string, key: Gs1Key, data: Readonly<Record<string, string>> = {}): string {
  const query = Object.keys(data)
    .sort()
    .map((ai) => `${ai}=${encodeAiValue(data[ai])}`)
    .join('&');
  return `${origin}${digitalLinkPath(key)}${query ? `?${query}` : ''}`;
}

/**
 * The levels a request for `key` falls back through, most specific first: the key itself, then
 * without its last qualifier, and so on down to the GTIN alone.
 *
 * @example keyLevels({ gtin: 'G', lot: 'L', serial: 'S' }) // [{ gtin: 'G', lot: 'L', serial: 'S' }, { gtin: 'G', lot: 'L' }, { gtin: 'G' }]
 */
export function keyLevels(key: Gs1Key): Gs1Key[] {
  const levels: Gs1Key[] = [];
  const present = KEY_QUALIFIERS.map((ai) => QUALIFIER_FIELDS[ai]).filter((field) => key[field] !== undefined);
  for (let count = present.length; count >= 0; count--) {
    const level: Gs1Key = { gtin: key.gtin };
    for (const field of present.slice(0, count)) level[field] = key[field];
    levels.push(level);
  }
  return levels;
}

/**
 * A short description of a key for people, used where a code has no item description of its own.
 *
 * @example describeKey({ gtin: '09506000134352', lot: 'ABC123' }) // 'GTIN 09506000134352, lot ABC123'
 */
export function describeKey(key: Gs1Key): string {
  const parts = [`GTIN ${key.gtin}`];
  if (key.cpv !== undefined) parts.push(`variant ${key.cpv}`);
  if (key.lot !== undefined) parts.push(`lot ${key.lot}`);
  if (key.serial !== undefined) parts.push(`serial ${key.serial}`);
  return parts.join(', ');
}

/** Percent-encodes an AI value so that only unreserved characters (RFC 3986 §2.3) stay literal. */
export function encodeAiValue(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

function reject(pointer: string, code: string, detail: string): PathParse {
  return { ok: false, problems: [{ pointer, code, detail }] };
}

/** A percent-encoded text decoded once, or null when it is not valid percent-encoded UTF-8. */
export function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function notInPathDetail(ai: string): string {
  const role = aiRole(ai);
  if (role === 'data_attribute') return `${ai} is a data attribute: it goes in the query string (?${ai}=…), not in the path.`;
  if (role === 'gtin') return 'The GTIN (01) comes once, first.';
  if (CONVENIENCE_ALPHAS.includes(ai.toLowerCase())) return `/${ai}/ is a short name GS1 Digital Link removed in 2022; use the numeric AI.`;
  return `Only the qualifiers 22 (variant), 10 (lot) and 21 (serial) may follow a GTIN in the path, not ${ai}.`;
}
