import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { normalizePassword } from './password-policy';

/** scrypt cost parameters; N is the CPU/memory cost (a power of two). */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * 2^15 × 8 × 128 bytes = 32 MiB and about 50–100 ms per hash on one core: the OWASP minimum for
 * scrypt. Stored with each hash, so raising it later still verifies old hashes (see needsRehash).
 */
export const DEFAULT_SCRYPT_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const FORMAT = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9_-]{16,})\$([A-Za-z0-9_-]{40,})$/;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  // maxmem must exceed 128·N·r, or node refuses the parameters.
  const maxmem = 256 * cost.N * cost.r;
  return new Promise((resolve, reject) =>
    scrypt(normalizePassword(password), salt, KEY_LENGTH, { ...cost, maxmem }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/**
 * `scrypt$N$r$p$salt$key` (base64url), a fresh 16-byte salt each time. Only this string is stored.
 *
 * @example
 * await hashPassword('correct horse battery') // 'scrypt$32768$8$1$…$…'
 */
export async function hashPassword(password: string, cost: ScryptCost = DEFAULT_SCRYPT_COST): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, cost);
  return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Constant-time comparison with the stored hash's own parameters; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.cost);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** True when the stored hash was made with other parameters than `cost` (rehash it at the next sign-in). */
export function needsRehash(stored: string, cost: ScryptCost = DEFAULT_SCRYPT_COST): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.cost.N !== cost.N || parsed.cost.r !== cost.r || parsed.cost.p !== cost.p;
}

function parseHash(stored: string): { cost: ScryptCost; salt: Buffer; key: Buffer } | null {
  const m = FORMAT.exec(stored);
  if (!m) return null;
  const [N, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Refuse parameters no hash of ours has, so a tampered row cannot make one check cost gigabytes.
  if (N < 2 || N > 2 ** 20 || (N & (N - 1)) !== 0 || r < 1 || r > 32 || p < 1 || p > 16) return null;
  return { cost: { N, r, p }, salt: Buffer.from(m[4], 'base64url'), key: Buffer.from(m[5], 'base64url') };
}
