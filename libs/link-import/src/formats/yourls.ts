import { cellText, draft } from './link-draft';
import { type TableFormat } from './table-format';

/**
 * YOURLS has no export of its own; the two CSVs it is moved with are:
 *
 * - **The Import/Export plugin** (GautamGupta/YOURLS-Import-Export, fileio/csv.php): header
 *   `source,target,hits`, `source` written as `/keyword/`.
 * - **The `yourls_url` table** exported as CSV (phpMyAdmin, `mysql … INTO OUTFILE`, columns of
 *   YOURLS/YOURLS includes/functions-install.php): `keyword`, `url`, `title`, `timestamp`, `ip`, `clicks`.
 *
 * Kept: keyword (case kept: YOURLS stores it `utf8mb4_bin`), URL and title. YOURLS links carry
 * no domain (one instance, one domain: the import asks for it), no tags, no expiry, no limit.
 */
export const YOURLS: TableFormat = {
  format: 'yourls',
  matches: (h) => (h.has('source') && h.has('target')) || (h.has('keyword') && h.has('url')),
  read(cells) {
    const source = cells.has('source') ? cellText(cells.get('source')).replace(/^\/+|\/+$/g, '') : cellText(cells.get('keyword'));
    return [draft({ path: source, destination: cellText(cells.get('target') ?? cells.get('url')), title: cellText(cells.get('title')) || null }, [])];
  },
};
