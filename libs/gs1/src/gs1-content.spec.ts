import { type Gs1Content, gs1ContentKey } from './gs1-content';
import { validateGs1Content } from './testing/validate-gs1-content';
import { LOT, PRODUCT, SERIAL } from './testing/sample-codes';

const PIP = { link_type: 'gs1:pip', href: 'https://brand.example/pip', title: 'Product', default: true };

function errors(content: unknown): Array<[string, string]> {
  return validateGs1Content(content).map((error) => [error.pointer, error.code]);
}

describe('validateGs1Content', () => {
  it.each([
    ['product', PRODUCT],
    ['lot', LOT],
    ['serial', SERIAL],
    ['GTIN-13 with data', { gtin: '9506000134352', data: { '17': '270101', '3103': '000250' }, links: [PIP] }],
  ])('%s is valid', (_name, content) => {
    expect(validateGs1Content(content)).toEqual([]);
  });

  it('points at every field in the content', () => {
    expect(
      errors({
        gtin: '09506000134353',
        lot: 'A B',
        serial: '',
        data: { '17': '271399', '10': 'X' },
        item_description: 'two\nlines',
        colour: 'red',
        links: [PIP],
      }),
    ).toEqual([
      ['/content/colour', 'unknown_field'],
      ['/content/gtin', 'invalid_check_digit'],
      ['/content/lot', 'invalid_characters'],
      ['/content/serial', 'required'],
      ['/content/data/10', 'not_allowed'], // integer-like keys come in ascending order
      ['/content/data/17', 'invalid_date'],
      ['/content/item_description', 'invalid'],
    ]);
  });

  it('refuses null for an omitted field, and a non-object', () => {
    expect(errors({ gtin: '09506000134352', lot: null, links: [PIP] })).toEqual([['/content/lot', 'invalid_type']]);
    expect(errors([])).toEqual([['/content', 'invalid_type']]);
    expect(validateGs1Content({ links: [PIP] }, '/items/2/content')).toEqual([expect.objectContaining({ pointer: '/items/2/content/gtin', code: 'required' })]);
  });

  describe('links', () => {
    const withLinks = (links: unknown): Array<[string, string]> => errors({ gtin: '09506000134352', links });

    it('needs one to fifty', () => {
      expect(withLinks(undefined)).toEqual([['/content/links', 'required']]);
      expect(withLinks([])).toEqual([['/content/links', 'too_short']]);
      expect(withLinks({})).toEqual([['/content/links', 'invalid_type']]);
      const many = Array.from({ length: 51 }, (_, i) => ({ ...PIP, href: `https://brand.example/${i}`, hreflang: [], default: i === 0 }));
      expect(withLinks(many)).toEqual([['/content/links', 'too_long']]);
    });

    it('needs exactly one default', () => {
      expect(withLinks([{ ...PIP, default: false }])).toEqual([['/content/links', 'invalid']]);
      expect(withLinks([PIP, { ...PIP, type: 'text/html' }, { ...PIP, hreflang: ['de'] }])).toEqual([
        ['/content/links/1/default', 'invalid'],
        ['/content/links/2/default', 'invalid'],
      ]);
    });

    it('refuses two links a request could not tell apart', () => {
      const twin = {
        link_type: 'gs1:pip',
        href: 'https://brand.example/other',
        title: 'Other',
        hreflang: ['fr', 'en'],
        type: 'TEXT/html',
        context: ['b', 'a'],
      };
      expect(withLinks([PIP, twin, { ...twin, hreflang: ['en', 'fr'], type: 'text/html', context: ['a', 'b'] }])).toEqual([['/content/links/2', 'duplicate']]);
      expect(withLinks([PIP, { ...twin, context: ['a'] }, twin])).toEqual([]);
    });

    it.each([
      [{ link_type: 'pip' }, 'link_type', 'invalid'],
      [{ link_type: 'https://gs1.org/voc/pip' }, 'link_type', 'invalid'],
      [{ link_type: 'gs1:nosuchlt' }, 'link_type', 'invalid'],
      [{ link_type: 'gs1:defaultLink' }, 'link_type', 'invalid'],
      [{ link_type: 'gs1:handledBy' }, 'link_type', 'invalid'],
      [{ link_type: undefined }, 'link_type', 'required'],
      [{ href: 'javascript:alert(1)' }, 'href', 'unsupported_scheme'],
      [{ href: 'https://user:pw@brand.example/' }, 'href', 'credentials_not_allowed'],
      [{ href: '/relative' }, 'href', 'invalid_url'],
      [{ href: 'https://bücher.example/' }, 'href', 'invalid_url'],
      [{ href: 'https://brand.example/a b' }, 'href', 'invalid_url'],
      [{ href: `https://brand.example/${'a'.repeat(2048)}` }, 'href', 'too_long'],
      [{ href: undefined }, 'href', 'required'],
      [{ title: ' ' }, 'title', 'required'],
      [{ title: 'x'.repeat(201) }, 'title', 'too_long'],
      [{ title: 7 }, 'title', 'invalid_type'],
      [{ hreflang: 'en' }, 'hreflang', 'invalid_type'],
      [{ hreflang: [] }, 'hreflang', 'too_short'],
      [{ hreflang: ['en-gb'] }, 'hreflang/0', 'invalid'],
      [{ hreflang: ['es-419'] }, 'hreflang/0', 'invalid'],
      [{ hreflang: ['en', 'en'] }, 'hreflang/1', 'duplicate'],
      [{ type: 'html' }, 'type', 'invalid'],
      [{ type: 'text/html; charset=utf-8' }, 'type', 'invalid'],
      [{ context: ['GB', 'G B'] }, 'context/1', 'invalid'],
      [{ context: ['x'.repeat(65)] }, 'context/0', 'invalid'],
      [{ default: 'yes' }, 'default', 'invalid_type'],
      [{ rel: 'x' }, 'rel', 'unknown_field'],
    ])('%j → %s %s', (change, field, code) => {
      expect(withLinks([{ ...PIP, ...change }])).toEqual([[`/content/links/0/${field}`, code]]);
    });

    it.each([
      { type: 'application/vnd.ms-excel' },
      { type: 'image/svg+xml' },
      { hreflang: ['en', 'en-GB', 'pt-BR'] },
      { context: ['GB', 'eu.retail', 'a_b~c-d'] },
      { link_type: 'gs1:productSustainabilityInfo' },
      { link_type: 'gs1:locationInfo' },
      { href: 'http://xn--bcher-kva.example/p?q=1#frag' },
    ])('%j is valid', (change) => {
      expect(withLinks([{ ...PIP, ...change }])).toEqual([]);
    });
  });
});

describe('gs1ContentKey', () => {
  it('pads the GTIN and keeps the qualifiers', () => {
    const content: Gs1Content = { gtin: '9506000134352', cpv: 'V', serial: 'S', links: [PIP] };
    expect(gs1ContentKey(content)).toEqual({ gtin: '09506000134352', cpv: 'V', serial: 'S' });
  });
});
