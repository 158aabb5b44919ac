import { linkRedeemLimits, signInLimits, signInLinkStatusAt, signInLinkUrl } from '../index';

describe('sign-in links', () => {
  it('carry the token in the fragment, under /app/welcome', () => {
    expect(signInLinkUrl('https://qr.example.com/', 'tok')).toBe('https://qr.example.com/app/welcome#token=tok');
    expect(new URL(signInLinkUrl('http://localhost:3000', 'tok')).search).toBe('');
  });

  it('are usable until they expire or are used', () => {
    expect(signInLinkStatusAt({ expiresAt: 100, usedAt: null }, 99)).toBe('usable');
    expect(signInLinkStatusAt({ expiresAt: 100, usedAt: null }, 100)).toBe('expired');
    expect(signInLinkStatusAt({ expiresAt: 100, usedAt: 50 }, 60)).toBe('used');
  });
});

describe('sign-in throttle limits', () => {
  it('count per account (case-insensitive) and per address', () => {
    const limits = signInLimits(' Ana@Example.com ', '203.0.113.9');
    expect(limits.map((l) => l.key)).toEqual(['signin:acct:ana@example.com', 'signin:addr:203.0.113.9']);
    expect(limits.every((l) => l.windowMs === 15 * 60_000)).toBe(true);
    expect(limits[0].limit).toBeLessThan(limits[1].limit);
  });

  it('give link redemption its own per-address key', () => {
    expect(linkRedeemLimits('203.0.113.9').map((l) => l.key)).toEqual(['link:addr:203.0.113.9']);
  });
});
