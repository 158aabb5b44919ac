import type { Destination } from '@qr/qr-content';
import type { Visitor } from '../visitor';
import { chooseDestination } from './choose-destination';

const iphoneInGermany: Visitor = {
  device: 'mobile',
  os: 'iOS',
  osKey: 'ios',
  browser: 'Mobile Safari',
  isBot: false,
  country: 'DE',
  language: 'de',
};
const visitor = (overrides: Partial<Visitor> = {}): Visitor => ({ ...iphoneInGermany, ...overrides });
const DEFAULT: Destination = { target_url: 'https://default.example' };
const choose = (later: Destination[], who: Visitor = visitor()) => chooseDestination([DEFAULT, ...later], who).target_url;

describe('chooseDestination', () => {
  it('returns the only destination', () => {
    expect(chooseDestination([DEFAULT], visitor())).toBe(DEFAULT);
  });

  it.each([
    ['device', { device: 'mobile' }, { device: 'desktop' }],
    ['os', { os: 'ios' }, { os: 'android' }],
    ['country', { country: 'DE' }, { country: 'FR' }],
    ['language', { language: 'de' }, { language: 'fr' }],
  ] as const)('matches on %s', (_condition, hit, miss) => {
    expect(choose([{ target_url: 'https://hit.example', ...hit }])).toBe('https://hit.example');
    expect(choose([{ target_url: 'https://miss.example', ...miss }])).toBe('https://default.example');
  });

  it('needs every condition of an entry to match', () => {
    const both: Destination = { target_url: 'https://both.example', os: 'ios', country: 'FR' };
    expect(choose([both])).toBe('https://default.example');
    expect(choose([both], visitor({ country: 'FR' }))).toBe('https://both.example');
  });

  it('takes the first matching entry, not the most specific', () => {
    const later = [
      { target_url: 'https://android.example', os: 'android' },
      { target_url: 'https://mobile.example', device: 'mobile' },
      { target_url: 'https://ios-de.example', os: 'ios', country: 'DE' },
    ] as const;
    expect(choose([...later])).toBe('https://mobile.example');
  });

  it('never matches a condition on an unknown country or language', () => {
    expect(choose([{ target_url: 'https://de.example', country: 'DE' }], visitor({ country: null }))).toBe('https://default.example');
    expect(choose([{ target_url: 'https://de.example', language: 'de' }], visitor({ language: null }))).toBe('https://default.example');
  });

  it('sends bots by their device class like anyone else', () => {
    expect(choose([{ target_url: 'https://other.example', device: 'other' }], visitor({ device: 'other', isBot: true }))).toBe('https://other.example');
  });

  it('skips a later entry without conditions (validation refuses it)', () => {
    expect(choose([{ target_url: 'https://everyone.example' }])).toBe('https://default.example');
  });

  it('compares stored codes case-insensitively', () => {
    expect(choose([{ target_url: 'https://de.example', country: 'de', language: 'DE' }])).toBe('https://de.example');
  });

  it('keeps the caller’s destination type', () => {
    const destinations = [
      { ...DEFAULT, id: 1 },
      { target_url: 'https://de.example', country: 'DE', id: 2 },
    ];
    expect(chooseDestination(destinations, visitor()).id).toBe(2);
  });

  it('refuses an empty list', () => {
    expect(() => chooseDestination([], visitor())).toThrow(RangeError);
  });
});
