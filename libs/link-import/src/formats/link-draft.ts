import { formatUtc, fromCsvCell, parseRfc3339 } from '@qr/domain';
import { type ImportedLinkFields, type ImportNote } from '../imported-link';
import { quoted } from '../limits';

/** What one format makes of one record: the link's fields, or the problems that stop it. */
export type LinkDraft = { ok: true; fields: ImportedLinkFields; warnings: ImportNote[] } | { ok: false; problems: ImportNote[] };

/** A table cell as its product meant it: trimmed, and without the `'` an export put before a formula start. */
export function cellText(value: string | undefined): string {
  return fromCsvCell((value ?? '').trim());
}

/**
 * Host and path of a short URL as exports write it: `https://bit.ly/abc`, `bit.ly/abc` (Bitly
 * writes it without a scheme). The path is kept as written, without its leading slash.
 */
export function splitShortUrl(shortUrl: string): { domain: string; path: string } | null {
  const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(shortUrl) ? shortUrl : `https://${shortUrl}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname) return null;
  return { domain: url.hostname.toLowerCase(), path: url.pathname.replace(/^\//, '') };
}

/** Tags of a cell: split on `separator`, trimmed, empty ones dropped, the first spelling of each kept. */
export function splitTags(value: string, separator: RegExp): string[] {
  return uniqueTags(value.split(separator));
}

export function uniqueTags(tags: readonly unknown[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const tag of tags) {
    if (typeof tag !== 'string') continue;
    const name = tag.trim();
    if (name && !seen.has(name.toLowerCase())) {
      seen.add(name.toLowerCase());
      kept.push(name);
    }
  }
  return kept;
}

/**
 * An instant an export wrote (RFC 3339 / ISO 8601 with an offset, as Shlink's `validUntil` and
 * Kutt's `expire_in` are) as UTC RFC 3339, or a problem. A time without an offset is refused: it
 * would be read in the server's zone, and an expiry must not move by hours.
 */
export function readInstant(value: unknown, field: 'expires_at'): { ok: true; value: string | null } | { ok: false; problem: ImportNote } {
  if (value === null || value === undefined || value === '') return { ok: true, value: null };
  const text = typeof value === 'string' ? value.trim().replace(' ', 'T') : '';
  const date = parseRfc3339(text) ?? parseRfc3339(text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  if (!date) {
    return {
      ok: false,
      problem: { code: 'invalid_date', field, detail: `${quoted(String(value))} is not a date and time with a zone offset (like 2026-12-31T23:59:59Z).` },
    };
  }
  return { ok: true, value: formatUtc(date) };
}

/** A visit limit: a whole number of at least 1, or null when absent. */
export function readVisitLimit(value: unknown): { ok: true; value: number | null } | { ok: false; problem: ImportNote } {
  if (value === null || value === undefined || value === '') return { ok: true, value: null };
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) {
    return { ok: false, problem: { code: 'invalid_visit_limit', field: 'visit_limit', detail: `${quoted(String(value))} is not a whole number of visits.` } };
  }
  return { ok: true, value: n };
}

/** A JSON value as text: strings as they are, anything else as absent. */
export function jsonText(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** A format's fields of one link: the back-half and the destination, and whatever else its export carries. */
type DraftFields = Pick<ImportedLinkFields, 'path' | 'destination'> & Partial<ImportedLinkFields>;

/**
 * Collects a draft's problems and builds it when there are none. What the export does not carry is
 * absent: no domain (the default one), no tags, no expiry, no visit limit, no title.
 */
export function draft(fields: DraftFields, problems: ImportNote[], warnings: ImportNote[] = []): LinkDraft {
  if (problems.length) return { ok: false, problems };
  // Every field named first, so that a report lists them in one order whichever the format gave.
  const absent = { domain: null, path: '', destination: '', tags: [], expires_at: null, visit_limit: null, title: null };
  return { ok: true, fields: { ...absent, ...fields }, warnings };
}
