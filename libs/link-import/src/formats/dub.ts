import { type ImportNote } from '../imported-link';
import { quoted } from '../limits';
import { cellText, draft, splitShortUrl, splitTags } from './link-draft';
import { type TableFormat } from './table-format';

/**
 * Dub's link export (`GET /api/links/export`, Links → Export as CSV). Columns are the labels of
 * `exportLinksColumns` in dubinc/dub apps/web/lib/zod/schemas/links.ts: `Short link` (built by
 * `linkConstructor` as `https://{domain}/{key}`), `Destination URL`, `Clicks`, `Leads`,
 * `Conversions`, `Revenue`, `Created at`, `Link ID`, `Updated at`, `Tags` (names joined with
 * ", "), `Archived`. Earlier exports (apps/web/app/api/links/export/route.ts before the labels)
 * used the ids `link`, `url`, `title`, `createdAt`, `tags`; both are read.
 *
 * - Kept: the short link (domain and key), the destination, the tags and, in old files, the title.
 * - Dub's export has no expiry, no click limit and no title column today, so none is imported.
 * - Dub writes a `'` before a cell that starts with = + - @ (convertToCSV's
 *   neutralizeCsvFormula): it is taken off again, as for our own exports.
 * - A link on the domain's root (key `_root`) has no back-half and cannot be imported.
 */
export const DUB: TableFormat = {
  format: 'dub',
  matches: (h) => h.has('shortlink') || (h.has('link') && h.has('url')),
  read(cells) {
    const link = cellText(cells.get('shortlink') || cells.get('link'));
    const problems: ImportNote[] = [];
    const parts = link ? splitShortUrl(link) : null;
    if (!parts) problems.push({ code: 'invalid_short_url', field: 'path', detail: `The short link ${quoted(link)} is not a URL.` });
    else if (parts.path === '') {
      problems.push({ code: 'root_link', field: 'path', detail: `${quoted(link)} is the domain's root link, which has no back-half to import.` });
    }
    return [
      draft(
        {
          domain: parts?.domain ?? null,
          path: parts?.path ?? '',
          destination: cellText(cells.get('destinationurl') || cells.get('url')),
          tags: splitTags(cellText(cells.get('tags')), /,/),
          title: cellText(cells.get('title')) || null,
        },
        problems,
      ),
    ];
  },
};
