import { type HtmlPage, htmlPage } from './html-page';
import { renderClosedPage } from './render-closed-page';
import { renderFormPage } from './render-form-page';
import { renderFormThanksPage } from './render-form-thanks-page';
import { renderMenuPage } from './render-menu-page';
import { renderVcardPage } from './render-vcard-page';
import { ParsedPage, attr } from './testing/parsed-page';

const FORM = { title: 'Contact', fields: [{ name: 'email', label: 'Email', type: 'email' as const, required: true }] };
const CLOSED = { status: 403, opensAt: new Date('2026-11-20T08:00:00Z'), timezone: 'Europe/Berlin' };

const PAGES: [string, HtmlPage][] = [
  ['menu', renderMenuPage({ title: 'Menu', sections: [{ name: 'Drinks', items: [{ name: 'Tea' }] }] })],
  ['form', renderFormPage(FORM, { action: '/abc123' })],
  ['form with errors', renderFormPage(FORM, { action: '/abc123', values: { email: 'x' }, errors: { email: 'Bad.' } })],
  ['form thanks', renderFormThanksPage(FORM)],
  ['vcard', renderVcardPage({ first_name: 'Ana', url: 'https://example.com' }, { vcfHref: '/abc123.vcf' })],
  ['closed', renderClosedPage('outside_hours', CLOSED)],
];

function meta(page: ParsedPage, name: string): string | undefined {
  const found = page.all('meta').find((element) => attr(element, 'name') === name);
  return found && attr(found, 'content');
}

describe.each(PAGES)('the %s page', (_kind, page) => {
  const parsed = new ParsedPage(page.html);

  it('is a standards-mode English UTF-8 document without parse errors', () => {
    expect(page.html.startsWith('<!doctype html>\n')).toBe(true);
    expect(parsed.documentMode).toBe('no-quirks');
    expect(parsed.parseErrors).toEqual([]);
    expect(attr(parsed.one('html'), 'lang')).toBe('en');
    expect(parsed.all('meta').some((element) => attr(element, 'charset') === 'utf-8')).toBe(true);
  });

  it('is mobile-first, not indexed and sends no referrer', () => {
    expect(meta(parsed, 'viewport')).toBe('width=device-width, initial-scale=1');
    expect(meta(parsed, 'referrer')).toBe('no-referrer');
    expect(meta(parsed, 'robots')).toBe('noindex');
  });

  it('has one inline style, no script, and a CSP allowing exactly that style by hash', () => {
    expect(parsed.all('style')).toHaveLength(1);
    expect(parsed.all('script')).toHaveLength(0);
    expect(page.csp).toContain(`style-src 'sha256-${parsed.styleHash()}'`);
    expect(page.csp).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|\*/);
  });

  it('has the strict policy, with form-action self only where there is a form', () => {
    const formAction = parsed.all('form').length > 0 ? "'self'" : "'none'";
    expect(page.csp).toBe(
      `default-src 'none'; style-src 'sha256-${parsed.styleHash()}'; img-src data:; form-action ${formAction}; base-uri 'none'; frame-ancestors 'none'`,
    );
  });
});

describe('htmlPage', () => {
  it('uses the given status and escapes the title', () => {
    const page = htmlPage({ status: 418, title: '</title><b>', body: ['<h1>x</h1>'] });
    expect(page.status).toBe(418);
    expect(new ParsedPage(page.html).texts('title')).toEqual(['</title><b>']);
  });

  it('gives every page the same style, so one hash fits all', () => {
    const hashes = new Set(PAGES.map(([, page]) => /'sha256-([^']+)'/.exec(page.csp)?.[1]));
    expect(hashes.size).toBe(1);
  });
});
