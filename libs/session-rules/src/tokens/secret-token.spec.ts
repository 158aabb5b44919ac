import { createHash } from 'node:crypto';
import { digestToken, isWellFormedToken, newSecretToken } from '../index';

describe('secret tokens', () => {
  it('are 32 bytes of the given source, base64url, and well formed', () => {
    const token = newSecretToken((n) => new Uint8Array(n).fill(0xfb));
    expect(token).toBe(Buffer.alloc(32, 0xfb).toString('base64url'));
    expect(token).toHaveLength(43);
    expect(isWellFormedToken(token)).toBe(true);
    expect(isWellFormedToken(newSecretToken())).toBe(true);
    expect(newSecretToken()).not.toBe(newSecretToken());
  });

  it('are stored as their SHA-256 digest', () => {
    expect(digestToken('abc')).toBe(createHash('sha256').update('abc').digest('hex'));
  });

  it.each([undefined, 42, '', 'a'.repeat(42), 'a'.repeat(44), `${'a'.repeat(42)}=`, `${'a'.repeat(42)}+`])('refuses %p as a token', (value) => {
    expect(isWellFormedToken(value)).toBe(false);
  });
});
