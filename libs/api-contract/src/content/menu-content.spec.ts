import { validateContent } from './qr-content';

const found = (content: unknown): string[] => validateContent('menu', 'dynamic', content).map((e) => `${e.pointer} ${e.code}`);
const item = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({ name: 'Dish', ...extra });
const menu = (items: unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> => ({ title: 'M', sections: [{ name: 'S', items }], ...extra });

describe('menu content', () => {
  it('points at the exact item field', () => {
    expect(found(menu([item(), item(), item({ price: -1 })]))).toEqual(['/content/sections/0/items/2/price out_of_range']);
  });

  it.each([
    [0, []],
    [0.5, []],
    [19.99, []],
    [1_000_000_000, []],
    [1_000_000_000.01, ['out_of_range']],
    [19.999, ['invalid']],
    [0.001, ['invalid']],
    [0.1 + 0.2, ['invalid']],
    [-0.01, ['out_of_range']],
    [Number.POSITIVE_INFINITY, ['invalid']],
    [Number.NaN, ['invalid']],
    ['4.50', ['invalid_type']],
    [null, ['invalid_type']],
  ])('price %p → %j', (price, codes) => {
    expect(found(menu([item({ price })])).map((line) => line.split(' ')[1])).toEqual(codes);
  });

  it('checks currency as ISO 4217 upper case', () => {
    expect(found(menu([item()], { currency: 'USD' }))).toEqual([]);
    for (const currency of ['eur', 'EURO', '€', '']) expect(found(menu([item()], { currency }))).toEqual(['/content/currency invalid']);
    expect(found(menu([item()], { currency: 978 }))).toEqual(['/content/currency invalid_type']);
  });

  it('requires 1..50 sections and 1..200 items per section', () => {
    expect(found({ title: 'M', sections: [] })).toEqual(['/content/sections too_short']);
    const sections = Array.from({ length: 51 }, () => ({ name: 'S', items: [item()] }));
    expect(found({ title: 'M', sections: sections.slice(0, 50) })).toEqual([]);
    expect(found({ title: 'M', sections })).toEqual(['/content/sections too_long']);
    expect(found(menu([]))).toEqual(['/content/sections/0/items too_short']);
    const items = Array.from({ length: 201 }, () => item());
    expect(found(menu(items.slice(0, 200)))).toEqual([]);
    expect(found(menu(items))).toEqual(['/content/sections/0/items too_long']);
    expect(found({ title: 'M', sections: { name: 'S' } })).toEqual(['/content/sections invalid_type']);
  });

  it('checks names, descriptions, footer and title', () => {
    expect(
      found({
        title: ' ',
        footer: 'f'.repeat(1001),
        sections: [{ name: 'n'.repeat(201), items: [{ description: 'd'.repeat(1001) }, 'Soup'] }, { items: [item()] }, 7],
      }),
    ).toEqual([
      '/content/title required',
      '/content/sections/0/name too_long',
      '/content/sections/0/items/0/name required',
      '/content/sections/0/items/0/description too_long',
      '/content/sections/0/items/1 invalid_type',
      '/content/sections/1/name required',
      '/content/sections/2 invalid_type',
      '/content/footer too_long',
    ]);
  });

  it('checks tags: an array of up to 10 short one-line strings', () => {
    expect(found(menu([item({ tags: Array.from({ length: 10 }, (_, i) => `t${i}`) })]))).toEqual([]);
    expect(found(menu([item({ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) })]))).toEqual(['/content/sections/0/items/0/tags too_long']);
    expect(found(menu([item({ tags: ['ok', 3, '', 'x'.repeat(51), 'a\nb'] })]))).toEqual([
      '/content/sections/0/items/0/tags/1 invalid_type',
      '/content/sections/0/items/0/tags/2 required',
      '/content/sections/0/items/0/tags/3 too_long',
      '/content/sections/0/items/0/tags/4 invalid',
    ]);
    expect(found(menu([item({ tags: 'vegan' })]))).toEqual(['/content/sections/0/items/0/tags invalid_type']);
  });
});
