import { childPointer, codePointLength, type FieldError, httpUrlFault, isPlainObject } from '@qr/domain';
import { KEY_QUALIFIERS, QUALIFIER_FIELDS } from './application-identifiers';
import type { Gs1Key } from './digital-link-path';
import { toGtin14 } from './gtin';
import { linkTypeTerm } from './link-types';

/** One link of a GS1 code, as the API takes and stores it. */
export interface Gs1Link {
  /** A GS1 Web Vocabulary link type as a CURIE: `gs1:pip`. */
  link_type: string;
  href: string;
  title: string;
  /** Languages of the target: `en`, `en-GB`. */
  hreflang?: string[];
  /** Media type of the target: `text/html`. */
  type?: string;
  /** Free values (a country, a jurisdiction) a request picks with `?context=`. */
  context?: string[];
  /** Exactly one link of a code is the default. */
  default?: boolean;
}

/** The content of a `gs1` code: one level (GTIN, GTIN + lot, GTIN + serial…; the GTIN as given, of any length) and its links. */
export interface Gs1Content extends Gs1Key {
  /** Data attributes printed in the URI's query string: `{ "17": "270101" }`. */
  data?: Record<string, string>;
  /** Shown in the linkset; `describeKey` stands in when absent. */
  item_description?: string;
  links: Gs1Link[];
}

export const GS1_LIMITS = {
  links: 50,
  title: 200,
  itemDescription: 200,
  href: 2048,
  hreflang: 10,
  context: 10,
  contextValue: 64,
  mediaType: 127,
} as const;

const LINK_FIELDS = ['link_type', 'href', 'title', 'hreflang', 'type', 'context', 'default'];
// The GS1 linkset schema takes `xx` or `xx-XX` only (so no `es-419`, `zh-Hant`, `fil`).
const HREFLANG = /^[a-z]{2}(-[A-Z]{2})?$/;
// RFC 6838 names as far as the GS1 linkset schema's `\w+/[-+.\w]+` accepts them.
const MEDIA_TYPE = /^\w(?:[\w.+-]*\w)?\/[\w.+-]+$/;
// Unreserved URI characters: a context value travels as `?context=…` without encoding.
const CONTEXT_VALUE = /^[A-Za-z0-9._~-]+$/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

/**
 * Problems with a code's list of links: 1 to 50 links, each valid (gs1LinkErrors), exactly one
 * `default: true`, and no two links a request could not tell apart (same link type, media type,
 * languages and contexts: the resolver would have no better answer than 300 Multiple Choices).
 */
export function gs1LinksErrors(value: unknown, pointer: string): FieldError[] {
  if (value === undefined) return [{ pointer, code: 'required', detail: 'A GS1 code needs at least one link.' }];
  if (!Array.isArray(value)) return [{ pointer, code: 'invalid_type', detail: 'Must be an array of links.' }];
  if (value.length === 0) return [{ pointer, code: 'too_short', detail: 'A GS1 code needs at least one link.' }];
  if (value.length > GS1_LIMITS.links) return [{ pointer, code: 'too_long', detail: `At most ${GS1_LIMITS.links} links.` }];
  const errors: FieldError[] = [];
  const seen = new Map<string, number>();
  let defaultAt = -1;
  value.forEach((link, index) => {
    const at = childPointer(pointer, index);
    const problems = gs1LinkErrors(link, at);
    errors.push(...problems);
    if (problems.length > 0) return;
    const valid = link as Gs1Link;
    if (valid.default === true) {
      if (defaultAt === -1) defaultAt = index;
      else errors.push({ pointer: childPointer(at, 'default'), code: 'invalid', detail: `Only one link can be the default; link ${defaultAt} already is.` });
    }
    const signature = linkSignature(valid);
    const twin = seen.get(signature);
    if (twin === undefined) seen.set(signature, index);
    else
      errors.push({
        pointer: at,
        code: 'duplicate',
        detail: `Link ${twin} has the same link type, media type, languages and contexts; a request could not choose.`,
      });
  });
  if (errors.length === 0 && defaultAt === -1) errors.push({ pointer, code: 'invalid', detail: 'One link must be the default (default: true).' });
  return errors;
}

/** Problems with one link at `pointer`; empty when valid. */
export function gs1LinkErrors(value: unknown, pointer: string): FieldError[] {
  if (!isPlainObject(value)) return [{ pointer, code: 'invalid_type', detail: 'Must be an object.' }];
  const errors = unknownFields(value, LINK_FIELDS, pointer);
  errors.push(...linkTypeErrors(value['link_type'], childPointer(pointer, 'link_type')));
  errors.push(...hrefErrors(value['href'], childPointer(pointer, 'href')));
  errors.push(...gs1TextErrors(value['title'], childPointer(pointer, 'title'), GS1_LIMITS.title));
  if (value['hreflang'] !== undefined) {
    errors.push(
      ...listErrors(value['hreflang'], childPointer(pointer, 'hreflang'), GS1_LIMITS.hreflang, (entry) =>
        typeof entry === 'string' && HREFLANG.test(entry) ? null : 'Must be a language code like en or en-GB (lower-case language, upper-case region).',
      ),
    );
  }
  const type = value['type'];
  if (type !== undefined && (typeof type !== 'string' || type.length > GS1_LIMITS.mediaType || !MEDIA_TYPE.test(type))) {
    errors.push({ pointer: childPointer(pointer, 'type'), code: 'invalid', detail: 'Must be a media type like text/html or application/pdf.' });
  }
  if (value['context'] !== undefined) {
    errors.push(
      ...listErrors(value['context'], childPointer(pointer, 'context'), GS1_LIMITS.context, (entry) =>
        typeof entry === 'string' && entry.length <= GS1_LIMITS.contextValue && CONTEXT_VALUE.test(entry)
          ? null
          : `Must be 1 to ${GS1_LIMITS.contextValue} characters of A–Z, a–z, 0–9, '.', '_', '~' and '-'.`,
      ),
    );
  }
  if (value['default'] !== undefined && typeof value['default'] !== 'boolean') {
    errors.push({ pointer: childPointer(pointer, 'default'), code: 'invalid_type', detail: 'Must be true or false.' });
  }
  return errors;
}

/** The link a plain request is sent to: the one marked `default` (the first when none is, as stored before the rule). */
export function defaultGs1Link(content: Gs1Content): Gs1Link {
  return content.links.find((link) => link.default === true) ?? content.links[0];
}

/** The key a valid content identifies, its GTIN written as GTIN-14. */
export function gs1ContentKey(content: Gs1Content): Gs1Key {
  const key: Gs1Key = { gtin: toGtin14(content.gtin) };
  for (const ai of KEY_QUALIFIERS) {
    const field = QUALIFIER_FIELDS[ai];
    if (content[field] !== undefined) key[field] = content[field];
  }
  return key;
}

function linkTypeErrors(value: unknown, pointer: string): FieldError[] {
  if (value === undefined) return [{ pointer, code: 'required', detail: 'A link type is required, like gs1:pip.' }];
  const term = typeof value === 'string' ? linkTypeTerm(value) : undefined;
  if (!term) return [{ pointer, code: 'invalid', detail: 'Must be a GS1 Web Vocabulary link type written like gs1:pip.' }];
  if (term.group === 'resolver') {
    return [{ pointer, code: 'invalid', detail: `${value} is set by the resolver; mark a link as the default with default: true instead.` }];
  }
  return [];
}

function hrefErrors(value: unknown, pointer: string): FieldError[] {
  if (value === undefined || value === '') return [{ pointer, code: 'required', detail: 'A link needs an href.' }];
  if (typeof value !== 'string') return [{ pointer, code: 'invalid_type', detail: 'Must be a string.' }];
  if (value.length > GS1_LIMITS.href) return [{ pointer, code: 'too_long', detail: `At most ${GS1_LIMITS.href} characters.` }];
  const fault = httpUrlFault(value);
  if (fault === 'unsupported_scheme') return [{ pointer, code: 'unsupported_scheme', detail: 'Only http and https URLs are allowed.' }];
  if (fault === 'credentials') return [{ pointer, code: 'credentials_not_allowed', detail: 'Must not contain a user name or password.' }];
  if (fault) return [{ pointer, code: 'invalid_url', detail: 'Must be an absolute http(s) URL with a host and no whitespace or backslash.' }];
  // The href goes into a Location header as it is, and the GS1 linkset schema wants an ASCII host.
  if (!/^[\x21-\x7E]+$/.test(value)) {
    return [{ pointer, code: 'invalid_url', detail: 'Must be ASCII: write the host in punycode (xn--…) and percent-encode the path.' }];
  }
  return [];
}

/** Problems with a one-line text (a title, an item description) of 1 to `max` characters at `pointer`. */
export function gs1TextErrors(value: unknown, pointer: string, max: number): FieldError[] {
  if (value === undefined) return [{ pointer, code: 'required', detail: 'This field is required.' }];
  if (typeof value !== 'string') return [{ pointer, code: 'invalid_type', detail: 'Must be a string.' }];
  if (value.trim() === '') return [{ pointer, code: 'required', detail: 'Must not be empty or whitespace only.' }];
  if (CONTROL.test(value)) return [{ pointer, code: 'invalid', detail: 'Must be a single line without control characters.' }];
  if (codePointLength(value) > max) return [{ pointer, code: 'too_long', detail: `At most ${max} characters.` }];
  return [];
}

function listErrors(value: unknown, pointer: string, max: number, entryProblem: (entry: unknown) => string | null): FieldError[] {
  if (!Array.isArray(value)) return [{ pointer, code: 'invalid_type', detail: 'Must be an array; leave it out when empty.' }];
  if (value.length === 0) return [{ pointer, code: 'too_short', detail: 'At least one entry; leave it out when empty.' }];
  if (value.length > max) return [{ pointer, code: 'too_long', detail: `At most ${max} entries.` }];
  const errors: FieldError[] = [];
  value.forEach((entry, index) => {
    const problem = entryProblem(entry);
    if (problem) errors.push({ pointer: childPointer(pointer, index), code: 'invalid', detail: problem });
    else if (value.indexOf(entry) !== index) errors.push({ pointer: childPointer(pointer, index), code: 'duplicate', detail: 'Listed twice.' });
  });
  return errors;
}

function linkSignature(link: Gs1Link): string {
  return JSON.stringify([link.link_type, link.type?.toLowerCase() ?? '', [...(link.hreflang ?? [])].sort(), [...(link.context ?? [])].sort()]);
}

function unknownFields(value: Record<string, unknown>, allowed: readonly string[], pointer: string): FieldError[] {
  return Object.keys(value)
    .filter((key) => !allowed.includes(key))
    .map((key) => ({ pointer: childPointer(pointer, key), code: 'unknown_field', detail: `Unknown field; allowed: ${allowed.join(', ')}.` }));
}
