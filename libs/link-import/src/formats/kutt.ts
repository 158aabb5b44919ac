import { isPlainObject } from '@qr/domain';
import { type ImportNote } from '../imported-link';
import { draft, jsonText, type LinkDraft, readInstant, splitShortUrl } from './link-draft';

/**
 * Kutt has no export file; its documented way out is the API list `GET /api/v2/links`
 * (thedevs-network/kutt docs/api/api.js, schema `Link`; fields selected in
 * server/queries/link.queries.js and shaped by `utils.sanitize.link`): JSON
 * `{ limit, skip, total, data: [Link] }`, each with `address` (the back-half), `target`,
 * `description`, `expire_in`, `password` (a boolean), `banned`, `domain` (null: the instance's
 * default domain), `link` (the full short URL), `visit_count`. A file of such a page, a bare array
 * of links, or an array of pages (what a script paging through it saves) is read.
 *
 * Kept: domain (from `link`, else `domain`), `address`, `target`, `description` as the title,
 * `expire_in` as the expiry. Kutt has no tags and no visit limit. A password-protected link is
 * imported without its password (a warning says so); a banned link is not imported.
 */
export function readKuttJson(item: unknown): LinkDraft {
  if (!isPlainObject(item)) return { ok: false, problems: [{ code: 'invalid_record', detail: 'This entry is not a JSON object.' }] };
  const problems: ImportNote[] = [];
  const warnings: ImportNote[] = [];
  const fromLink = typeof item.link === 'string' ? splitShortUrl(item.link) : null;
  const domain = fromLink?.domain ?? (jsonText(item.domain).toLowerCase() || null);
  const expiry = readInstant(item.expire_in, 'expires_at');
  if (!expiry.ok) problems.push(expiry.problem);
  if (item.banned === true) problems.push({ code: 'banned', detail: 'Kutt banned this link; it is not imported.' });
  if (item.password === true) {
    warnings.push({
      code: 'password_not_kept',
      detail: 'Kutt protected this link with a password, which an export does not carry; it is imported without one.',
    });
  }
  return draft(
    {
      domain,
      path: jsonText(item.address),
      destination: jsonText(item.target),
      expires_at: expiry.ok ? expiry.value : null,
      title: jsonText(item.description) || null,
    },
    problems,
    warnings,
  );
}
