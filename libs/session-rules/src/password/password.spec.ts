import { checkNewPassword, hashPassword, needsRehash, verifyPassword, type ScryptCost } from '../index';

// Cheap parameters keep the suite fast; the format and the comparison are the same at any cost.
const CHEAP: ScryptCost = { N: 1024, r: 8, p: 1 };

describe('checkNewPassword', () => {
  it.each([
    ['nine characters', 'abcdefgh9', 'too_short'],
    ['ten spaces of one kind', '          ', 'too_weak'],
    ['one repeated letter', 'aaaaaaaaaaaa', 'too_weak'],
    ['the email itself, any case', 'Ana@Example.com', 'too_weak'],
    ['257 characters', 'ab'.repeat(128) + 'c', 'too_long'],
  ])('refuses %s', (_label, password, code) => {
    expect(checkNewPassword(password, 'ana@example.com', '/password')).toEqual([{ pointer: '/password', code, detail: expect.any(String) }]);
  });

  it('counts code points after NFKC, not UTF-16 units: five emoji are five characters', () => {
    expect(checkNewPassword('😀😁😂🤣😃', 'a@b.c', '/p')[0].code).toBe('too_short');
    expect(checkNewPassword('😀😁😂🤣😃😄😅😆😉😊', 'a@b.c', '/p')).toEqual([]);
  });

  it('accepts ten characters and 256, and a passphrase with spaces', () => {
    expect(checkNewPassword('abcdefgh10', 'a@b.c', '/p')).toEqual([]);
    expect(checkNewPassword('ab'.repeat(128), 'a@b.c', '/p')).toEqual([]);
    expect(checkNewPassword('correct horse battery staple', 'a@b.c', '/p')).toEqual([]);
  });

  it('refuses a non-string with invalid_type', () => {
    expect(checkNewPassword(12345678901, 'a@b.c', '/new_password')).toEqual([{ pointer: '/new_password', code: 'invalid_type', detail: expect.any(String) }]);
  });
});

describe('hashPassword / verifyPassword', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse battery', CHEAP);
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('never stores the password and salts every hash', async () => {
    const a = await hashPassword('correct horse battery', CHEAP);
    const b = await hashPassword('correct horse battery', CHEAP);
    expect(a).not.toBe(b);
    expect(a).not.toContain('correct');
  });

  it('treats composed and decomposed accents as the same password (NFKC)', async () => {
    const stored = await hashPassword('Grüße aus Köln', CHEAP);
    expect(await verifyPassword('Gru\u0308ße aus Ko\u0308ln', stored)).toBe(true);
  });

  it('verifies with the parameters stored in the hash, and says when a rehash is due', async () => {
    const stored = await hashPassword('correct horse battery', CHEAP);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(needsRehash(stored, CHEAP)).toBe(false);
    expect(needsRehash(stored, { N: 2048, r: 8, p: 1 })).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['another scheme', 'bcrypt$2b$10$abcdefghijklmnopqrstuv'],
    ['N not a power of two', 'scrypt$1000$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['N far too large', 'scrypt$1073741824$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['truncated key', 'scrypt$1024$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAA'],
  ])('a malformed stored hash (%s) never matches and needs a rehash', async (_label, stored) => {
    expect(await verifyPassword('anything at all', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(true);
  });
});
