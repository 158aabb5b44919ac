import { createHash } from 'node:crypto';
import { visitorHash } from './visitor-hash';

const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)';

describe('visitorHash', () => {
  it('is 32 lowercase hex characters', () => {
    expect(visitorHash('salt', '203.0.113.7', UA)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('is deterministic', () => {
    expect(visitorHash('salt', '203.0.113.7', UA)).toBe(visitorHash('salt', '203.0.113.7', UA));
  });

  it('is the start of SHA-256 over the NUL-joined parts', () => {
    const full = createHash('sha256').update(`salt\u0000203.0.113.7\u0000${UA}`).digest('hex');
    expect(visitorHash('salt', '203.0.113.7', UA)).toBe(full.slice(0, 32));
  });

  it.each([
    ['salt', ['other-salt', '203.0.113.7', UA]],
    ['ip', ['salt', '203.0.113.8', UA]],
    ['user agent', ['salt', '203.0.113.7', `${UA} `]],
    ['missing ip', ['salt', null, UA]],
    ['missing user agent', ['salt', '203.0.113.7', undefined]],
  ] as const)('differs by %s', (_part, [salt, ip, ua]) => {
    expect(visitorHash(salt, ip, ua)).not.toBe(visitorHash('salt', '203.0.113.7', UA));
  });

  it('keeps the parts apart', () => {
    expect(visitorHash('salt', '1.2.3.4', '5')).not.toBe(visitorHash('salt', '1.2.3.', '45'));
  });
});
