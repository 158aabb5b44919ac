import { escapeHtml } from '@qr/domain';
import type { VcardContent } from '@qr/qr-content';
import { validateHttpUrl } from '@qr/qr-content';
import { fullName } from './full-name';
import { type HtmlPage, htmlPage } from './html-page';

/** Where the page's "Add to contacts" link points (the service's .vcf download route). */
export interface VcardPageOptions {
  vcfHref: string;
}

// Characters that would change a mailto: URI's meaning (headers after `?`, several recipients
// after `,`) or that no address needs; an address with any of them is shown as text only.
const LINKABLE_EMAIL = /^[^\s"'<>()\\,;:?#&%@]+@[^\s"'<>()\\,;:?#&%@/]+$/u;

/**
 * The hosted page of a dynamic vCard code: the name, role and organisation, then phone, email,
 * website, address and note, and an "Add to contacts" link to `o.vcfHref`. Phone and email
 * become tel:/mailto: links; the website becomes a link only when it is an http(s) URL.
 *
 * @example renderVcardPage({ first_name: 'Ana', phone: '+49 30 1234' }, { vcfHref: '/abc123.vcf' })
 * // { status: 200, html: '…<a href="tel:+49301234">+49 30 1234</a>…Add to contacts…', csp: '…' }
 */
export function renderVcardPage(content: VcardContent, o: VcardPageOptions): HtmlPage {
  const name = fullName(content);
  const role = [content.title, content.organization].filter((part) => part).join(', ');
  const details = [
    detail('Phone', content.phone, phoneHref),
    detail('Email', content.email, emailHref),
    detail('Website', content.url, webHref),
    detail('Address', content.address),
    detail('Note', content.note),
  ].join('');
  const body = [
    `<h1>${escapeHtml(name)}</h1>`,
    role ? `<p class="muted">${escapeHtml(role)}</p>` : '',
    details ? `<dl>\n${details}</dl>` : '',
    `<a class="button" href="${escapeHtml(o.vcfHref)}">Add to contacts</a>`,
  ];
  return htmlPage({ status: 200, title: name, body });
}

function detail(label: string, value: string | undefined, toHref?: (value: string) => string | undefined): string {
  if (!value) return '';
  const href = toHref?.(value);
  const shown =
    href === undefined
      ? `<span class="multiline">${escapeHtml(value)}</span>`
      : `<a href="${escapeHtml(href)}" rel="noopener noreferrer">${escapeHtml(value)}</a>`;
  return `<dt>${escapeHtml(label)}</dt><dd>${shown}</dd>\n`;
}

// Dialers want digits: `+49 (30) 1234-56` → `tel:+4930123456`.
function phoneHref(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 3 ? `tel:${phone.trim().startsWith('+') ? '+' : ''}${digits}` : undefined;
}

function emailHref(email: string): string | undefined {
  return LINKABLE_EMAIL.test(email) ? `mailto:${email}` : undefined;
}

// Only http(s), under the same rules the API applies to every URL; anything else stays text.
function webHref(url: string): string | undefined {
  return validateHttpUrl(url, '').length === 0 ? url : undefined;
}
