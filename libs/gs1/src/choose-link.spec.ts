import { acceptsLinkset, chooseLink } from './choose-link';
import type { Gs1Link } from './gs1-content';

const link = (href: string, extra: Partial<Gs1Link> = {}): Gs1Link => ({ link_type: 'gs1:pip', href, title: href, ...extra });

describe('chooseLink', () => {
  const EN = link('en', { hreflang: ['en'], type: 'text/html', default: true });
  const FR = link('fr', { hreflang: ['fr'], type: 'text/html' });
  const EN_GB = link('en-GB', { hreflang: ['en-GB'], type: 'text/html' });
  const ANY = link('any', { type: 'text/html' });
  const PDF = link('pdf', { type: 'application/pdf' });
  const PDF_EN = link('pdf-en', { type: 'application/pdf', hreflang: ['en'] });

  it.each([
    ['nothing said: the default', [FR, EN], {}, 'en'],
    ['Accept */* says nothing', [FR, EN, ANY], { accept: '*/*' }, 'en'],
    ['an exact language', [EN, FR], { acceptLanguage: 'fr' }, 'fr'],
    ['q-values', [EN, FR], { acceptLanguage: 'fr;q=0.4, en;q=0.8' }, 'en'],
    ['q=0 refuses', [EN, FR], { acceptLanguage: 'en;q=0, fr;q=0.1' }, 'fr'],
    ['a region matches its language', [EN, FR], { acceptLanguage: 'fr-CA' }, 'fr'],
    ['a language matches its regions, the exact tag first', [EN_GB, EN], { acceptLanguage: 'en-GB' }, 'en-GB'],
    ['a shared primary subtag', [FR, EN_GB], { acceptLanguage: 'en-US' }, 'en-GB'],
    ['a language-neutral link beats one nobody asked for', [EN, FR, ANY], { acceptLanguage: 'de' }, 'any'],
    ['without a language, a language-neutral link before a tagged non-default', [FR, ANY], {}, 'any'],
    ['a media type', [ANY, PDF], { accept: 'application/pdf' }, 'pdf'],
    ['a media type range', [PDF, ANY], { accept: 'text/*' }, 'any'],
    ['a media type and a language', [ANY, PDF, PDF_EN], { accept: 'application/pdf', acceptLanguage: 'en' }, 'pdf-en'],
    ['language before media type', [EN, PDF_EN, FR], { accept: 'application/pdf', acceptLanguage: 'fr' }, 'fr'],
    ['Accept: undefined (the suite, for a link without type) says nothing', [FR, EN], { accept: 'undefined' }, 'en'],
    [
      'a browser',
      [EN, FR, PDF],
      { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', acceptLanguage: 'fr-FR,fr;q=0.9,en;q=0.8' },
      'fr',
    ],
    ['junk headers', [FR, EN], { accept: ';;,', acceptLanguage: '"; q=x, 123' }, 'en'],
  ])('%s', (_case, links, preferences, expected) => {
    expect(chooseLink(links, preferences).href).toBe(expected);
  });

  describe('context', () => {
    const GB = link('gb', { context: ['GB'] });
    const DE = link('de', { context: ['DE', 'AT'], default: true });
    const ALL = link('all');

    it.each([
      ['a listed context wins', [ALL, GB, DE], 'AT', 'de'],
      ['a context-free link before one for another context', [GB, ALL], 'FR', 'all'],
      ['no context asked: the default', [GB, DE], undefined, 'de'],
      ['no context asked and no default: a context-free link', [GB, ALL], undefined, 'all'],
    ])('%s', (_case, links, context, expected) => {
      expect(chooseLink(links, { context }).href).toBe(expected);
    });

    it('comes before language', () => {
      expect(
        chooseLink([link('en', { hreflang: ['en'] }), link('gb', { context: ['GB'], hreflang: ['fr'] })], { context: 'GB', acceptLanguage: 'en' }).href,
      ).toBe('gb');
    });
  });

  it('keeps list order when nothing else differs', () => {
    expect(chooseLink([link('a'), link('b')], {}).href).toBe('a');
  });
});

describe('acceptsLinkset', () => {
  it.each([
    ['application/linkset+json', true],
    ['application/linkset+json;q=0.9, application/json;q=0.5', true],
    ['text/html, application/linkset+json', true],
    ['text/html, application/linkset+json;q=0.5', false],
    ['application/linkset+json;q=0', false],
    ['*/*', false],
    ['application/json', false],
    [undefined, false],
  ])('%j → %s', (accept, expected) => {
    expect(acceptsLinkset(accept)).toBe(expected);
  });
});
