import { withUtm } from './with-utm';

describe('withUtm', () => {
  it('appends the non-null fields in a fixed order', () => {
    expect(withUtm('https://shop.example/p', { utm_content: 'flyer', utm_source: 'qr', utm_medium: null, utm_campaign: 'spring' })).toBe(
      'https://shop.example/p?utm_source=qr&utm_campaign=spring&utm_content=flyer',
    );
  });

  it('adds to an existing query', () => {
    expect(withUtm('https://shop.example/p?id=7', { utm_source: 'qr' })).toBe('https://shop.example/p?id=7&utm_source=qr');
  });

  it('replaces same-named params and keeps the others', () => {
    expect(withUtm('https://shop.example/?utm_source=old&id=7&utm_source=older&utm_medium=mail', { utm_source: 'qr' })).toBe(
      'https://shop.example/?id=7&utm_medium=mail&utm_source=qr',
    );
  });

  it('replaces a param whose name is percent-encoded', () => {
    expect(withUtm('https://shop.example/?utm%5Fsource=old', { utm_source: 'qr' })).toBe('https://shop.example/?utm_source=qr');
  });

  it('keeps the fragment after the query', () => {
    expect(withUtm('https://shop.example/p?id=7#reviews', { utm_source: 'qr' })).toBe('https://shop.example/p?id=7&utm_source=qr#reviews');
  });

  it('keeps the other params byte for byte', () => {
    expect(withUtm('https://cdn.example/f?sig=a%2Bb%3D&x=a%20b&flag&bad=%E0', { utm_source: 'qr' })).toBe(
      'https://cdn.example/f?sig=a%2Bb%3D&x=a%20b&flag&bad=%E0&utm_source=qr',
    );
  });

  it('encodes the values', () => {
    expect(withUtm('https://shop.example/', { utm_campaign: 'Frühling & Sommer', utm_term: 'a=b#c' })).toBe(
      'https://shop.example/?utm_campaign=Fr%C3%BChling+%26+Sommer&utm_term=a%3Db%23c',
    );
  });

  it('does not throw on a lone surrogate in a value', () => {
    expect(withUtm('https://shop.example/', { utm_source: 'a\uD800' })).toBe('https://shop.example/?utm_source=a%EF%BF%BD');
  });

  it('turns a non-ASCII URL into a valid Location header value', () => {
    expect(withUtm('https://bücher.example/straße?q=ä', { utm_source: 'qr' })).toBe('https://xn--bcher-kva.example/stra%C3%9Fe?q=%C3%A4&utm_source=qr');
  });

  it.each([{}, { utm_source: null, utm_medium: null }, { utm_source: '' }])('leaves the URL as is, normalised, without UTM fields (%j)', (utm) => {
    expect(withUtm('HTTPS://Bücher.Example/a b?x=1&y#top', utm)).toBe('https://xn--bcher-kva.example/a%20b?x=1&y#top');
  });

  it('refuses a relative URL', () => {
    // Node's URL throws its TypeError from outside jest's realm, so match the message, not the class.
    expect(() => withUtm('/relative', { utm_source: 'qr' })).toThrow('Invalid URL');
  });
});
