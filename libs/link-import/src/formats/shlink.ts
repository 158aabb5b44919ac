import { isPlainObject } from '@qr/domain';
import { type ImportNote } from '../imported-link';
import { cellText, draft, jsonText, type LinkDraft, readInstant, readVisitLimit, splitShortUrl, splitTags, uniqueTags } from './link-draft';
import { type TableFormat } from './table-format';

// Shlink's name for the default domain in `short-url:list --show-domain` (Domain::DEFAULT_AUTHORITY).
const DEFAULT_AUTHORITY = 'DEFAULT';

/**
 * Shlink's short URL lists, in the three shapes Shlink writes them:
 *
 * - **CSV from the web client's Export button** (shlinkio/shlink-web-component,
 *   src/short-urls/helpers/ExportShortUrlsBtn.tsx): `createdAt`, `domain`, `shortCode`,
 *   `shortUrl`, `longUrl`, `title`, `tags` (joined with `|`), `visits`.
 * - **`short-url:list`** (shlinkio/shlink, module/CLI/src/Command/ShortUrl/ListShortUrlsCommand.php):
 *   a table with `Short Code`, `Title`, `Short URL`, `Long URL`, `Date created`, `Visits count`,
 *   and with `--show-tags` `Tags` (joined with ", "), with `--show-domain` `Domain` (`DEFAULT` for
 *   the default domain). Read as the CLI prints it, or saved as CSV with those headers.
 * - **REST `GET /rest/v3/short-urls`** (shlinkio/shlink, docs/swagger/definitions/ShortUrl.json and
 *   ShortUrlMeta.json): JSON `{ shortUrls: { data: [ShortUrl] } }` (or the bare array), each with
 *   `shortCode`, `shortUrl`, `longUrl`, `domain` (null: default), `title`, `tags`, and `meta`
 *   `{ validSince, validUntil, maxVisits }`.
 *
 * Kept: domain (from `shortUrl`, else `domain`), short code (case kept; Shlink allows
 * multi-segment codes), long URL, tags, title, and from JSON `validUntil` → expiry and `maxVisits`
 * → visit limit. Not kept: `validSince` (a link that opens later: a warning), device long URLs and
 * redirect rules, visits.
 */
export const SHLINK: TableFormat = {
  format: 'shlink',
  matches: (h) => h.has('shortcode') && h.has('longurl'),
  read(cells) {
    const tags = cellText(cells.get('tags'));
    return [
      shlinkDraft({
        shortCode: cellText(cells.get('shortcode')),
        shortUrl: cellText(cells.get('shorturl')),
        domain: cellText(cells.get('domain')),
        longUrl: cellText(cells.get('longurl')),
        title: cellText(cells.get('title')),
        tags: splitTags(tags, tags.includes('|') ? /\|/ : /,/),
      }),
    ];
  },
};

/** One ShortUrl object of Shlink's REST list. */
export function readShlinkJson(item: unknown): LinkDraft {
  if (!isPlainObject(item)) return { ok: false, problems: [{ code: 'invalid_record', detail: 'This entry is not a JSON object.' }] };
  const meta = isPlainObject(item.meta) ? item.meta : {};
  return shlinkDraft({
    shortCode: jsonText(item.shortCode),
    shortUrl: jsonText(item.shortUrl),
    domain: jsonText(item.domain),
    longUrl: jsonText(item.longUrl),
    title: jsonText(item.title),
    tags: Array.isArray(item.tags) ? uniqueTags(item.tags) : [],
    validSince: meta.validSince,
    validUntil: meta.validUntil,
    maxVisits: meta.maxVisits,
  });
}

interface ShlinkFields {
  shortCode: string;
  shortUrl: string;
  domain: string;
  longUrl: string;
  title: string;
  tags: string[];
  validSince?: unknown;
  validUntil?: unknown;
  maxVisits?: unknown;
}

function shlinkDraft(s: ShlinkFields): LinkDraft {
  const problems: ImportNote[] = [];
  const warnings: ImportNote[] = [];
  const fromUrl = s.shortUrl ? splitShortUrl(s.shortUrl) : null;
  const domain = fromUrl?.domain ?? (s.domain && s.domain !== DEFAULT_AUTHORITY ? s.domain.toLowerCase() : null);
  const expiry = readInstant(s.validUntil, 'expires_at');
  if (!expiry.ok) problems.push(expiry.problem);
  const limit = readVisitLimit(s.maxVisits);
  if (!limit.ok) problems.push(limit.problem);
  if (s.validSince !== undefined && s.validSince !== null && s.validSince !== '') {
    warnings.push({ code: 'start_not_kept', detail: `Shlink opened this link only from ${String(s.validSince)}; the import does not keep that start.` });
  }
  return draft(
    {
      domain,
      path: s.shortCode,
      destination: s.longUrl,
      tags: s.tags,
      expires_at: expiry.ok ? expiry.value : null,
      visit_limit: limit.ok ? limit.value : null,
      title: s.title || null,
    },
    problems,
    warnings,
  );
}

/**
 * The table `short-url:list` prints (Symfony Console's default style): border lines of `+` and
 * `-`, rows of cells between `|`. Its header and rows as cells, or null when `text` is no such table.
 */
export function readShlinkTable(text: string): { headers: string[]; rows: Array<{ line: number; cells: string[] }> } | null {
  const lines = text.split(/\r\n|\r|\n/);
  const first = lines.findIndex((l) => l.trim() !== '');
  if (first < 0 || !/^\s*\+-/.test(lines[first])) return null;
  const rows: Array<{ line: number; cells: string[] }> = [];
  lines.forEach((l, i) => {
    const m = /^\s*\|(.*)\|\s*$/.exec(l);
    if (m) rows.push({ line: i + 1, cells: m[1].split(' | ').map((c) => c.trim()) });
  });
  if (rows.length === 0) return null;
  const [header, ...data] = rows;
  return { headers: header.cells, rows: data };
}
