import type { FormContent, MenuContent } from '@qr/api-contract';
import type { VcardContent } from '@qr/qr-content';
import { HONEYPOT_FIELD } from './honeypot-field';
import type { HtmlPage } from './html-page';
import { type ClosedReason, renderClosedPage } from './render-closed-page';
import { renderFormPage } from './render-form-page';
import { renderFormThanksPage } from './render-form-thanks-page';
import { renderMenuPage } from './render-menu-page';
import { renderVcardPage } from './render-vcard-page';
import { ParsedPage, attr, ownText } from './testing/parsed-page';

// Each string goes into every user-controlled field; the pages must show it as text, exactly.
const HOSTILE = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' onmouseover='x",
  'javascript:alert(1)',
  '</style><script>alert(1)</script>',
  '</title><script>alert(1)</script>',
  '</textarea><script>alert(1)</script>',
  '{{7*7}}',
  '${x}',
  '`${alert(1)}` & &amp; &lt;',
  '<!-- <svg onload=alert(1)> -->',
  '<a href="javascript:alert(1)">x</a>',
];

function safePage(page: HtmlPage): ParsedPage {
  const parsed = new ParsedPage(page.html);
  expect(parsed.unsafeParts()).toEqual([]);
  expect(parsed.parseErrors).toEqual([]);
  expect(parsed.all('script')).toHaveLength(0);
  expect(page.csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  return parsed;
}

describe.each(HOSTILE)('hostile content %j', (h) => {
  it('stays text on the menu page', () => {
    const menu: MenuContent = { title: h, currency: h, sections: [{ name: h, items: [{ name: h, description: h, price: 4.5, tags: [h, h] }] }], footer: h };
    const page = safePage(renderMenuPage(menu));
    expect(page.texts('title')).toEqual([h]);
    expect(page.texts('h1')).toEqual([h]);
    expect(page.texts('h2')).toEqual([h]);
    expect(page.texts('span')).toEqual([h, '4.50']);
    expect(page.texts('p')).toEqual([h]);
    expect(page.texts('li').slice(1)).toEqual([h, h]);
    expect(page.texts('footer')).toEqual([h]);
  });

  it('stays text and attribute values on the form page', () => {
    const form: FormContent = {
      title: h,
      fields: [
        { name: h, label: h, type: 'text', required: true },
        { name: `${h}_m`, label: h, type: 'textarea' },
        { name: `${h}_e`, label: h, type: 'email' },
        { name: `${h}_p`, label: h, type: 'phone' },
      ],
      submit_label: h,
    };
    const names = form.fields.map((field) => field.name);
    const all = (value: string) => Object.fromEntries(names.map((name) => [name, value]));
    const page = safePage(renderFormPage(form, { action: '/abc123', values: all(h), errors: all(h) }));
    expect(page.texts('title')).toEqual([h]);
    expect(page.texts('h1')).toEqual([h]);
    expect(page.texts('label').slice(0, 4)).toEqual([h, `${h} (optional)`, `${h} (optional)`, `${h} (optional)`]);
    expect(page.all('input').map((input) => attr(input, 'name'))).toEqual([names[0], names[2], names[3], HONEYPOT_FIELD]);
    expect(
      page
        .all('input')
        .slice(0, 3)
        .map((input) => attr(input, 'value')),
    ).toEqual([h, h, h]);
    expect(page.all('textarea').map((textarea) => [attr(textarea, 'name'), ownText(textarea)])).toEqual([[names[1], h]]);
    expect(page.texts('p').slice(1)).toEqual([h, h, h, h]);
    expect(page.texts('button')).toEqual([h]);
    expect(attr(page.one('form'), 'action')).toBe('/abc123');
  });

  it('stays text on the thank-you page', () => {
    const page = safePage(renderFormThanksPage({ title: h, fields: [{ name: 'a', label: 'A', type: 'text' }], success_message: h }));
    expect(page.texts('h1')).toEqual([h]);
    expect(page.texts('p')).toEqual([h]);
  });

  it('stays text on the vCard page, and a non-http url is not a link', () => {
    const card: VcardContent = { first_name: h, last_name: h, organization: h, title: h, phone: h, email: h, url: h, address: h, note: h };
    const page = safePage(renderVcardPage(card, { vcfHref: '/abc123.vcf' }));
    expect(page.texts('title')).toEqual([`${h} ${h}`]);
    expect(page.texts('h1')).toEqual([`${h} ${h}`]);
    expect(page.texts('p')).toEqual([`${h}, ${h}`]);
    expect(page.texts('dd')).toEqual([h, h, h, h, h]);
    expect(page.all('a').map((link) => attr(link, 'href'))).toEqual(['/abc123.vcf']);
  });

  it.each<ClosedReason>(['not_found', 'scheduled', 'outside_hours'])('leaves the %s page well-formed whatever the time zone', (reason) => {
    const page = safePage(renderClosedPage(reason, { status: 403, opensAt: new Date('2026-11-20T08:00:00Z'), timezone: h }));
    expect(page.html).not.toContain(h);
  });
});

describe('URLs from the service', () => {
  it('escapes the form action and the vcf link as attribute values', () => {
    const action = '/x?a=1&b="><script>alert(1)</script>';
    const form = safePage(renderFormPage({ title: 'T', fields: [{ name: 'a', label: 'A', type: 'text' }] }, { action }));
    expect(attr(form.one('form'), 'action')).toBe(action);
    const card = safePage(renderVcardPage({ first_name: 'Ana' }, { vcfHref: action }));
    expect(attr(card.one('a'), 'href')).toBe(action);
  });
});

describe('vCard url schemes', () => {
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example',
    'https://user@evil.example',
  ])('renders %j as text, not a link', (url) => {
    const page = safePage(renderVcardPage({ first_name: 'Ana', url }, { vcfHref: '/c.vcf' }));
    expect(page.all('a').map((link) => attr(link, 'href'))).toEqual(['/c.vcf']);
    expect(page.texts('dd')).toEqual([url]);
  });

  it('links an http(s) url', () => {
    const page = safePage(renderVcardPage({ first_name: 'Ana', url: 'https://example.com/a?b=1&c=2' }, { vcfHref: '/c.vcf' }));
    expect(page.all('a').map((link) => attr(link, 'href'))).toEqual(['https://example.com/a?b=1&c=2', '/c.vcf']);
  });
});
