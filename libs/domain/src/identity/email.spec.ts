import { isEmailAddress, normalizeEmail } from './email';

describe('emails', () => {
  it('are kept trimmed and lower-cased', () => {
    expect(normalizeEmail(' Ana@Example.COM ')).toBe('ana@example.com');
    expect(normalizeEmail(42)).toBe('');
  });

  it.each([
    ['ana@example.com', true],
    ['owner@localhost', true],
    ['ana@@example.com', false],
    ['ana example@x.y', false],
    ['@example.com', false],
    ['ana@', false],
  ])('%s is an address: %s', (value, ok) => expect(isEmailAddress(value)).toBe(ok));
});
