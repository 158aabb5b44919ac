import { type ImportNote } from '../imported-link';
import { quoted } from '../limits';
import { cellText, draft, type LinkDraft, splitShortUrl, splitTags } from './link-draft';
import { type TableFormat } from './table-format';

/**
 * Bitly's link export (Links → Export, a CSV mailed or downloaded). Bitly does not publish the
 * file's header; the columns read here are the ones migration guides name for it — `Link`,
 * `Custom Link` and `Destination URL` (URLR's Bitly migration guide, github.com/URLR/urlr-docs,
 * docs/migration/bitly.md) — and, for files written from Bitly's API v4 (`GET
 * /v4/groups/{guid}/bitlinks`, BitlinkBody), `link`, `long_url`, `title`, `tags`, `custom_bitlinks`.
 * `Title` and `Tags` are read when present under those names.
 *
 * - The link kept is the custom one (`Custom Link` / `custom_bitlinks`, on the team's own branded
 *   domain: the one that is printed); the `bit.ly` link only when there is none. Several custom
 *   links of one bitlink become several links, all to the same destination.
 * - Bitly exports no expiry and no visit limit (Bitly has neither).
 */
export const BITLY: TableFormat = {
  format: 'bitly',
  matches: (h) => (h.has('link') || h.has('customlink') || h.has('custombitlinks')) && (h.has('destinationurl') || h.has('longurl')),
  read(cells) {
    const destination = cellText(cells.get('destinationurl') || cells.get('longurl'));
    const custom = cellText(cells.get('customlink') || cells.get('custombitlinks'));
    const links = custom ? custom.split(/[\s,|;]+/).filter(Boolean) : [cellText(cells.get('link'))];
    const title = cellText(cells.get('title')) || null;
    const tags = splitTags(cellText(cells.get('tags')), /[,|;]/);
    return links.map((link): LinkDraft => {
      const problems: ImportNote[] = [];
      const parts = link ? splitShortUrl(link) : null;
      if (!parts) problems.push({ code: 'invalid_short_url', field: 'path', detail: `The link ${quoted(link)} is not a short URL.` });
      return draft({ domain: parts?.domain ?? null, path: parts?.path ?? '', destination, tags, title }, problems);
    });
  },
};
