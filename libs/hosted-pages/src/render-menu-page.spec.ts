import type { MenuContent } from '@qr/api-contract';
import { formatPrice } from './format-price';
import { renderMenuPage } from './render-menu-page';
import { ParsedPage } from './testing/parsed-page';

const MENU: MenuContent = {
  title: 'Café Lima',
  currency: 'EUR',
  sections: [
    { name: 'Starters', items: [{ name: 'Soup', description: 'Of the day.\nAsk us.', price: 6.5, tags: ['vegan', 'hot'] }, { name: 'Bread' }] },
    { name: 'Drinks', items: [{ name: 'Water', price: 0 }] },
  ],
  footer: 'Prices include VAT.',
};

describe('renderMenuPage', () => {
  const page = renderMenuPage(MENU);
  const parsed = new ParsedPage(page.html);

  it('answers 200 with the title as heading and document title', () => {
    expect(page.status).toBe(200);
    expect(parsed.texts('title')).toEqual(['Café Lima']);
    expect(parsed.texts('h1')).toEqual(['Café Lima']);
  });

  it('lists sections and items in order, with prices in the currency', () => {
    expect(parsed.texts('h2')).toEqual(['Starters', 'Drinks']);
    expect(parsed.texts('span')).toEqual(['Soup', '€6.50', 'Bread', 'Water', '€0.00']);
  });

  it('shows descriptions with their line breaks, tags and the footer', () => {
    expect(parsed.texts('p')).toEqual(['Of the day.\nAsk us.']);
    expect(page.html).toContain('class="muted multiline"');
    expect(parsed.texts('li').filter((text) => text === 'vegan' || text === 'hot')).toEqual(['vegan', 'hot']);
    expect(parsed.texts('footer')).toEqual(['Prices include VAT.']);
  });

  it('leaves out what the content does not have', () => {
    const bare = new ParsedPage(renderMenuPage({ title: 'T', sections: [{ name: 'S', items: [{ name: 'I' }] }] }).html);
    expect(bare.all('footer')).toHaveLength(0);
    expect(bare.all('p')).toHaveLength(0);
    expect(bare.texts('span')).toEqual(['I']);
  });
});

describe('formatPrice', () => {
  it.each([
    [12.5, 'EUR', '€12.50'],
    [1234, 'GBP', '£1,234.00'],
    // The currency decides the decimals; en-GB marks the yen as JP¥.
    [1200, 'JPY', 'JP¥1,200'],
  ])('formats %d %s as %s', (price, currency, expected) => {
    expect(formatPrice(price, currency)).toBe(expected);
  });

  it.each([
    [12, '12'],
    [12.5, '12.50'],
    [1234.05, '1,234.05'],
  ])('formats %d without a currency as %s', (price, expected) => {
    expect(formatPrice(price)).toBe(expected);
  });

  it('falls back to a plain number for a malformed currency code', () => {
    expect(formatPrice(2.5, 'E<R')).toBe('2.50');
  });
});
