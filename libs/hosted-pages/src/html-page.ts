import { createHash } from 'node:crypto';
import { escapeHtml } from '@qr/domain';
import { PAGE_STYLE } from './page-style';

/** A rendered hosted page: the HTTP status, the document and the CSP header to send with it. */
export interface HtmlPage {
  status: number;
  html: string;
  /** the Content-Security-Policy header value for this page */
  csp: string;
}

/** What a page contributes to the shared document shell. */
export interface PageParts {
  status: number;
  /** Plain text for `<title>`; escaped here. */
  title: string;
  /** The `<main>` content, line by line, already built from escaped values; empty lines are left out. */
  body: readonly string[];
  /** True for the form page: the only page that may submit (to its own origin). */
  postsForm?: boolean;
}

/**
 * Wraps a page body in the shared document (doctype, metas, the inline style) and derives the CSP
 * from it. The policy allows nothing but the one inline style, by hash rather than
 * 'unsafe-inline', so an injection that slipped past escaping could still neither run script nor
 * load or style anything.
 *
 * @example htmlPage({ status: 404, title: 'Not found', body: ['<h1>Not found</h1>'] }).csp
 * // "default-src 'none'; style-src 'sha256-…'; img-src data:; form-action 'none'; base-uri 'none'; frame-ancestors 'none'"
 */
export function htmlPage(parts: PageParts): HtmlPage {
  const html = [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(parts.title)}</title>`,
    `<style>${PAGE_STYLE}</style>`,
    '</head>',
    '<body>',
    `<main>\n${parts.body.filter((line) => line !== '').join('\n')}\n</main>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
  return { status: parts.status, html, csp: contentSecurityPolicy(PAGE_STYLE, parts.postsForm === true) };
}

function contentSecurityPolicy(style: string, postsForm: boolean): string {
  const styleHash = createHash('sha256').update(style, 'utf8').digest('base64');
  return [
    "default-src 'none'",
    `style-src 'sha256-${styleHash}'`,
    'img-src data:',
    // form-action does not fall back to default-src, so pages without a form say 'none' outright.
    `form-action ${postsForm ? "'self'" : "'none'"}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
