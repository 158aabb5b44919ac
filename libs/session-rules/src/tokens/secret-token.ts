import { createHash, randomBytes } from 'node:crypto';

/**
 * A bearer secret for a cookie or a link: 32 random bytes (256 bits), base64url, 43 characters.
 * The caller keeps the token; the database keeps only its digest.
 */
export function newSecretToken(bytes: (size: number) => Uint8Array = randomBytes): string {
  return Buffer.from(bytes(32)).toString('base64url');
}

/** What is stored and looked up: SHA-256, hex. A 256-bit random token needs no salt or slow hash. */
export function digestToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether a value offered by a client has the shape of a token we issue (checked before any lookup). */
export function isWellFormedToken(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}
