import { QR_TYPES, allowedCategories } from '@qr/qr-content';
import type { QrType } from '@qr/qr-content';
import { validateContent } from './qr-content';

const found = (...args: Parameters<typeof validateContent>): string[] => validateContent(...args).map((e) => `${e.pointer} ${e.code}`);

const MINIMAL: Record<QrType, Record<string, unknown>> = {
  website: { url: 'https://example.com' },
  menu: { title: 'Lunch', sections: [{ name: 'Mains', items: [{ name: 'Soup' }] }] },
  form: { title: 'Contact', fields: [{ name: 'email', label: 'Email', type: 'email' }] },
  vcard: { first_name: 'Ana' },
  text: { text: 'Hello' },
  wifi: { ssid: 'Cafe', encryption: 'nopass' },
  email: { to: 'ana@example.com' },
  phone: { number: '+4930123456' },
  sms: { number: '+4930123456' },
  location: { latitude: 0, longitude: 0 },
  gs1: { gtin: '9506000134352', links: [{ link_type: 'gs1:pip', href: 'https://brand.example/pip', title: 'Product', default: true }] },
};

const FULL: Record<QrType, Record<string, unknown>> = {
  website: { url: 'https://example.com/landing?utm=x#top' },
  menu: {
    title: 'Lunch',
    currency: 'EUR',
    sections: [
      {
        name: 'Starters',
        items: [
          { name: 'Soup', description: 'Hot', price: 4.5, tags: ['vegan', 'hot'] },
          { name: 'Bread', price: 0 },
        ],
      },
      { name: 'Mains', items: [{ name: 'Steak', price: 19.99, tags: [] }] },
    ],
    footer: 'Prices include VAT.',
  },
  form: {
    title: 'Contact',
    fields: [
      { name: 'full_name', label: 'Name', type: 'text', required: true },
      { name: 'email', label: 'Email', type: 'email', required: false },
      { name: 'phone', label: 'Phone', type: 'phone' },
      { name: 'message2', label: 'Message', type: 'textarea' },
    ],
    submit_label: 'Send',
    success_message: 'Thanks!',
  },
  vcard: {
    first_name: 'Ana',
    last_name: 'Lima',
    organization: 'Acme',
    title: 'CTO',
    phone: '+49 (30) 123-456',
    email: 'ana@example.com',
    url: 'https://acme.example',
    address: 'Main St 1\n10115 Berlin',
    note: 'Met at the fair',
  },
  text: { text: 'Line one\nLine two' },
  wifi: { ssid: 'Cafe', password: 'secret123', encryption: 'WPA', hidden: true },
  email: { to: 'ana@example.com', subject: 'Hi', body: 'Hello\nthere' },
  phone: { number: '+14155550123' },
  sms: { number: '+4930123456', message: 'Table 4, please' },
  location: { latitude: -33.8688, longitude: 151.2093, query: 'Sydney Opera House' },
  gs1: {
    gtin: '09506000134352',
    cpv: 'RED',
    lot: 'ABC123',
    serial: 'S/1',
    data: { '17': '270101' },
    item_description: 'Risotto rice',
    links: [
      { link_type: 'gs1:pip', href: 'https://brand.example/en', title: 'Product', hreflang: ['en'], type: 'text/html', context: ['GB'], default: true },
      { link_type: 'gs1:pip', href: 'https://brand.example/fr', title: 'Produit', hreflang: ['fr'] },
    ],
  },
};

describe('validateContent', () => {
  describe.each(QR_TYPES)('%s', (type) => {
    const category = allowedCategories(type)[0] ?? 'static';

    it('accepts minimal content', () => {
      expect(found(type, category, MINIMAL[type])).toEqual([]);
    });

    it('accepts full content', () => {
      expect(found(type, category, FULL[type])).toEqual([]);
    });

    it('accepts the content in every allowed category', () => {
      for (const c of allowedCategories(type)) expect(found(type, c, FULL[type])).toEqual([]);
    });

    it('reports an unknown top-level field', () => {
      expect(found(type, category, { ...MINIMAL[type], extra: 1 })).toEqual(['/content/extra unknown_field']);
    });

    it('requires content to be an object', () => {
      expect(found(type, category, undefined)).toEqual(['/content required']);
      for (const bad of [null, 'x', 1, [], [MINIMAL[type]]]) expect(found(type, category, bad)).toEqual(['/content invalid_type']);
    });

    it('reports every missing required field', () => {
      const required = found(type, category, {});
      expect(required.length).toBeGreaterThan(0);
      for (const line of required) expect(line).toMatch(/^\/content\/\w+ required$/);
    });
  });

  it('reports a disallowed category at the sibling pointer, alongside content errors', () => {
    expect(found('wifi', 'dynamic', MINIMAL.wifi)).toEqual(['/category category_not_allowed']);
    expect(found('text', 'dynamic', MINIMAL.text)).toEqual(['/category category_not_allowed']);
    expect(found('menu', 'static', MINIMAL.menu)).toEqual(['/category category_not_allowed']);
    expect(found('form', 'static', {}, '/items/3/content')).toEqual([
      '/items/3/category category_not_allowed',
      '/items/3/content/title required',
      '/items/3/content/fields required',
    ]);
  });

  it('refuses an unknown type from an untyped caller instead of crashing', () => {
    expect(found('url' as QrType, 'static', {})).toEqual(['/type invalid']);
  });

  it('reports unknown fields at every depth of a menu, escaped per RFC 6901', () => {
    const menu = {
      title: 'T',
      sections: [{ name: 'S', x: 1, items: [{ name: 'I' }, { name: 'J', price: 1, y: 2, 'a/b': 3 }] }],
      z: true,
    };
    expect(found('menu', 'dynamic', menu)).toEqual([
      '/content/z unknown_field',
      '/content/sections/0/x unknown_field',
      '/content/sections/0/items/1/y unknown_field',
      '/content/sections/0/items/1/a~1b unknown_field',
    ]);
  });

  it('places the GS1 rules at their fields: check digit, qualifiers, data attributes, links', () => {
    const gs1 = {
      gtin: '09506000134353',
      lot: 'ABC 123',
      data: { '17': '271301' },
      links: [
        { link_type: 'gs1:nosuch', href: 'ftp://x', title: 'A', default: true, extra: 1 },
        { link_type: 'gs1:pip', href: 'https://brand.example/b', title: 'B', default: true },
        { link_type: 'gs1:pip', href: 'https://brand.example/c', title: 'C' },
      ],
    };
    expect(found('gs1', 'dynamic', gs1)).toEqual([
      '/content/gtin invalid_check_digit',
      '/content/lot invalid_characters',
      '/content/data/17 invalid_date',
      '/content/links/0/extra unknown_field',
      '/content/links/0/link_type invalid',
      '/content/links/0/href unsupported_scheme',
      '/content/links/2 duplicate',
    ]);
    expect(validateContent('gs1', 'dynamic', { ...gs1, gtin: '09506000134353' })[0].detail).toMatch(/should be 2/);
    expect(found('gs1', 'static', MINIMAL.gs1)).toEqual(['/category category_not_allowed']);
  });

  it('reports unknown fields in form fields', () => {
    const form = { title: 'T', fields: [{ name: 'a', label: 'A', type: 'text', placeholder: 'x' }] };
    expect(found('form', 'dynamic', form)).toEqual(['/content/fields/0/placeholder unknown_field']);
  });

  it('reads only fields the client sent, not inherited ones', () => {
    expect(found('website', 'static', JSON.parse('{"__proto__": {"url": "https://a.b"}}'))).toEqual([
      '/content/__proto__ unknown_field',
      '/content/url required',
    ]);
  });

  it('treats an in-process undefined as an absent field', () => {
    expect(found('vcard', 'static', { first_name: 'Ana', last_name: undefined, nickname: undefined })).toEqual([]);
  });

  it('rejects null for optional fields: they are omitted, not nulled', () => {
    expect(found('email', 'static', { to: 'a@b.co', subject: null })).toEqual(['/content/subject invalid_type']);
  });

  it('validates strings as given, never trimmed, and refuses blank required ones', () => {
    expect(found('text', 'static', { text: '  padded  ' })).toEqual([]);
    expect(found('text', 'static', { text: '' })).toEqual(['/content/text required']);
    expect(found('text', 'static', { text: ' \n\t\u00A0' })).toEqual(['/content/text required']);
  });

  it('refuses control characters and lone surrogates in text', () => {
    expect(found('text', 'static', { text: 'a\u0000b' })).toEqual(['/content/text invalid']);
    expect(found('text', 'static', { text: 'a\u001Bb' })).toEqual(['/content/text invalid']);
    expect(found('text', 'static', { text: 'a\uD800b' })).toEqual(['/content/text invalid']);
    expect(found('text', 'static', { text: 'tab\tand\r\nlines 😀' })).toEqual([]);
  });

  it('counts characters as code points', () => {
    expect(found('text', 'static', { text: '😀'.repeat(500) })).toEqual([]);
    // 2000 emoji are 4000 UTF-16 units but 2000 characters: only the byte limit of the pattern bites.
    expect(found('text', 'static', { text: '😀'.repeat(2000) })).toEqual(['/content payload_too_large']);
    expect(found('text', 'static', { text: 'a'.repeat(2000) })).toEqual([]);
    expect(found('text', 'static', { text: 'a'.repeat(2001) })).toEqual(['/content/text too_long']);
  });

  it('refuses a static payload larger than a QR code holds, once the fields are valid', () => {
    // 2000 characters of 2 bytes each = 4000 bytes > 2331.
    expect(found('text', 'static', { text: 'ä'.repeat(2000) })).toEqual(['/content payload_too_large']);
    expect(found('text', 'static', { text: 'ä'.repeat(1165) })).toEqual([]);
    expect(found('text', 'static', { text: 'ä'.repeat(1166) })).toEqual(['/content payload_too_large']);
    const big = { ...FULL.vcard, note: 'n'.repeat(1000), address: 'a'.repeat(500), url: `https://a.example/${'p'.repeat(900)}` };
    expect(found('vcard', 'static', big)).toEqual(['/content payload_too_large']);
    expect(found('vcard', 'dynamic', big)).toEqual([]);
  });
});
