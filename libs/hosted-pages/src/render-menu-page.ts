import { escapeHtml } from '@qr/domain';
import type { MenuContent, MenuItem, MenuSection } from '@qr/api-contract';
import { formatPrice } from './format-price';
import { type HtmlPage, htmlPage } from './html-page';

/**
 * The hosted page of a menu code: the title, each section with its items (name, price,
 * description, tags) and the footer. Every value from the content is escaped.
 *
 * @example renderMenuPage({ title: 'Café', currency: 'EUR', sections: [{ name: 'Drinks', items: [{ name: 'Tea', price: 2.5 }] }] })
 * // { status: 200, html: '<!doctype html>…€2.50…', csp: "default-src 'none'; …" }
 */
export function renderMenuPage(content: MenuContent): HtmlPage {
  const body = [
    `<h1>${escapeHtml(content.title)}</h1>`,
    ...content.sections.map((section) => renderSection(section, content.currency)),
    content.footer ? `<footer class="muted multiline">${escapeHtml(content.footer)}</footer>` : '',
  ];
  return htmlPage({ status: 200, title: content.title, body });
}

function renderSection(section: MenuSection, currency: string | undefined): string {
  const items = section.items.map((item) => renderItem(item, currency)).join('\n');
  return `<section>\n<h2>${escapeHtml(section.name)}</h2>\n<ul>\n${items}\n</ul>\n</section>`;
}

function renderItem(item: MenuItem, currency: string | undefined): string {
  const price = item.price === undefined ? '' : `<span class="price">${escapeHtml(formatPrice(item.price, currency))}</span>`;
  const description = item.description ? `<p class="muted multiline">${escapeHtml(item.description)}</p>` : '';
  const tags = item.tags?.length ? `<ul class="tags">${item.tags.map((tag) => `<li>${escapeHtml(tag)}</li>`).join('')}</ul>` : '';
  return `<li class="item"><div class="item-head"><span>${escapeHtml(item.name)}</span>${price}</div>${description}${tags}</li>`;
}
