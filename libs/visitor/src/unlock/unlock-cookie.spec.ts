import { signUnlock, UNLOCK_TTL_MS, unlockCookieName, unlockDayOf, verifyUnlock } from './unlock-cookie';
import { unlockAttemptLimits } from './unlock-throttle';

const SUBJECT = { codeId: 'qr_0Ab3dE9x', passwordHash: 'scrypt$32768$8$1$salt$key' };
const T0 = new Date('2026-11-27T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

describe('unlock cookie', () => {
  const value = signUnlock('salt-1', '2026-11-27', SUBJECT, T0);

  it('verifies for the same code, password hash and secret until 24 h after the unlock, not a millisecond more', () => {
    expect(unlockDayOf(value)).toBe('2026-11-27');
    expect(verifyUnlock('salt-1', value, SUBJECT, T0)).toBe(true);
    expect(verifyUnlock('salt-1', value, SUBJECT, at(UNLOCK_TTL_MS - 1))).toBe(true);
    expect(verifyUnlock('salt-1', value, SUBJECT, at(UNLOCK_TTL_MS))).toBe(false);
  });

  it('is refused for another code, a changed password, another secret, or a touched value', () => {
    expect(verifyUnlock('salt-1', value, { ...SUBJECT, codeId: 'qr_0Ab3dE9y' }, T0)).toBe(false);
    expect(verifyUnlock('salt-1', value, { ...SUBJECT, passwordHash: 'scrypt$32768$8$1$salt$other' }, T0)).toBe(false);
    expect(verifyUnlock('salt-2', value, SUBJECT, T0)).toBe(false);
    const [day, expires, mac] = value.split('.');
    // A later expiry with the old MAC, and an expiry pushed past 24 h: neither verifies.
    expect(verifyUnlock('salt-1', `${day}.${Number(expires) + 1}.${mac}`, SUBJECT, T0)).toBe(false);
    expect(verifyUnlock('salt-1', signUnlock('salt-1', day, SUBJECT, at(UNLOCK_TTL_MS)), SUBJECT, at(-1))).toBe(false);
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    expect(verifyUnlock('salt-1', `${day}.${expires}.${flipped}`, SUBJECT, T0)).toBe(false);
    for (const junk of ['', 'x', `${day}.${expires}`, `${day}.${expires}.${mac}.x`, 'null']) {
      expect(unlockDayOf(junk)).toBeNull();
      expect(verifyUnlock('salt-1', junk, SUBJECT, T0)).toBe(false);
    }
  });

  it('is named per code', () => {
    expect(unlockCookieName('qr_0Ab3dE9x')).toBe('qr_unlock_qr_0Ab3dE9x');
    expect(unlockCookieName('Ab3dE9x')).not.toBe(unlockCookieName('Ab3dE9y'));
  });
});

describe('password attempt limits', () => {
  it('count each attempt against the code and against the address on that code', () => {
    const limits = unlockAttemptLimits('qr_1', '203.0.113.9');
    expect(limits).toEqual([
      { key: 'unlock:code:qr_1', limit: 200, windowMs: 900_000 },
      { key: 'unlock:addr:qr_1:203.0.113.9', limit: 10, windowMs: 900_000 },
    ]);
    // Another address on the same code shares only the code's limit.
    expect(unlockAttemptLimits('qr_1', '198.51.100.7').map((l) => l.key)).toEqual(['unlock:code:qr_1', 'unlock:addr:qr_1:198.51.100.7']);
  });
});
