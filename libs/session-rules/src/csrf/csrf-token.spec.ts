import { createHmac } from 'node:crypto';
import { csrfTokenFor, csrfTokenMatches } from '../index';

describe('CSRF tokens', () => {
  const secret = 'A'.repeat(43);

  it('are an HMAC of a fixed purpose keyed by the cookie secret', () => {
    expect(csrfTokenFor(secret)).toBe(createHmac('sha256', secret).update('qr-dashboard-csrf-v1').digest('base64url'));
    expect(csrfTokenFor(secret)).toHaveLength(43);
  });

  it('match only the token of the same secret', () => {
    expect(csrfTokenMatches(secret, csrfTokenFor(secret))).toBe(true);
    expect(csrfTokenMatches(secret, csrfTokenFor('B'.repeat(43)))).toBe(false);
    expect(csrfTokenMatches(secret, csrfTokenFor(secret).slice(0, -1))).toBe(false);
    expect(csrfTokenMatches(secret, `${csrfTokenFor(secret)}x`)).toBe(false);
  });

  it.each([undefined, null, 123, ['x'], ''])('refuse a missing or non-string token (%p)', (offered) => {
    expect(csrfTokenMatches(secret, offered)).toBe(false);
  });
});
