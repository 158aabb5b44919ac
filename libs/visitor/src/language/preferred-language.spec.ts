import { preferredLanguage } from './preferred-language';

describe('preferredLanguage', () => {
  it.each([
    ['de-CH,de;q=0.9,en;q=0.8', 'de'],
    ['en-US,en;q=0.9', 'en'],
    ['fr', 'fr'],
    ['EN-gb', 'en'],
    ['zh-Hant-TW,zh;q=0.9', 'zh'],
    ['gsw-CH', 'gsw'],
    ['de_CH', 'de'],
  ])('%j → %s', (header, language) => {
    expect(preferredLanguage(header)).toBe(language);
  });

  describe('q ordering', () => {
    it.each([
      ['en;q=0.5, fr;q=0.9', 'fr'],
      ['en;q=0.5,fr-CA', 'fr'],
      ['en;q=0.8,de;q=0.8', 'en'],
      ['en;q=0.001,it;q=0.002', 'it'],
      ['en; q = 0.5 ,es;Q=0.7', 'es'],
      ['en;q=0,fr;q=0.1', 'fr'],
    ])('%j → %s', (header, language) => {
      expect(preferredLanguage(header)).toBe(language);
    });
  });

  it.each([
    ['*', null],
    ['*,de;q=0.5', 'de'],
    ['x-klingon,i-default', null],
    ['en;q=0', null],
  ])('%j → %s (no language in a wildcard, private tag or refused entry)', (header, language) => {
    expect(preferredLanguage(header)).toBe(language);
  });

  it.each([
    [undefined, null],
    ['', null],
    [',,;;', null],
    ['12,??', null],
    ['english', null],
    ['de;q=2,fr;q=0.4', 'fr'],
    ['de;q=abc,fr;q=0.4', 'fr'],
    ['de;q=0.9999,fr;q=0.4', 'fr'],
    ['de;level=1,fr;q=0.4', 'fr'],
  ])('survives junk: %j → %s', (header, language) => {
    expect(preferredLanguage(header)).toBe(language);
  });

  it('reads only the first entries of a huge header', () => {
    expect(preferredLanguage(`${'en;q=0.1,'.repeat(100)}de`)).toBe('en');
  });
});
