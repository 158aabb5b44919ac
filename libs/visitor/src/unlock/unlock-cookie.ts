import { createHmac, timingSafeEqual } from 'node:crypto';

/** An unlock lasts this long from the right password: the "remembers it for 24 h". */
export const UNLOCK_TTL_MS = 24 * 3600_000;

/** What an unlock is bound to: one code, and the password it was unlocked with (a new password locks it again). */
export interface UnlockSubject {
  codeId: string;
  /** The code's stored `scrypt$…` hash: changing or removing the password voids earlier unlocks. */
  passwordHash: string;
}

/** The cookie that remembers an unlock: its name carries the code's id (a chosen back-half may hold a slash, which a cookie name may not), so each code has its own. */
export function unlockCookieName(codeId: string): string {
  return `qr_unlock_${codeId}`;
}

/**
 * `<issued day>.<expires at ms>.<HMAC>`: the MAC (SHA-256) covers the code, its password hash and the
 * expiry, keyed with the secret of the day it was issued (the redirect's daily visitor salt, shared by
 * every replica). The day is in the value so the verifier knows which secret to ask for.
 *
 * @example signUnlock('salt', '2026-11-27', { codeId: 'qr_0Ab3dE9x', passwordHash: 'scrypt$…' }, new Date('2026-11-27T10:00:00Z'))
 * // '2026-11-27.1764324000000.…'
 */
export function signUnlock(secret: string, day: string, subject: UnlockSubject, now: Date): string {
  const expires = now.getTime() + UNLOCK_TTL_MS;
  return `${day}.${expires}.${mac(secret, day, subject, expires)}`;
}

/** The issue day a cookie value names (to look up its secret), or null when it is not one of ours. */
export function unlockDayOf(value: string): string | null {
  const m = VALUE.exec(value);
  return m ? m[1] : null;
}

/** True when `value` was signed for this code and password with `secret` and has not expired at `now`. */
export function verifyUnlock(secret: string, value: string, subject: UnlockSubject, now: Date): boolean {
  const m = VALUE.exec(value);
  if (!m) return false;
  const expires = Number(m[2]);
  if (!(now.getTime() < expires) || expires - now.getTime() > UNLOCK_TTL_MS) return false;
  const expected = Buffer.from(mac(secret, m[1], subject, expires));
  const offered = Buffer.from(m[3]);
  return expected.length === offered.length && timingSafeEqual(expected, offered);
}

const VALUE = /^(\d{4}-\d{2}-\d{2})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

function mac(secret: string, day: string, subject: UnlockSubject, expires: number): string {
  return createHmac('sha256', secret).update(`qr-unlock\0${day}\0${subject.codeId}\0${subject.passwordHash}\0${expires}`).digest('base64url');
}
