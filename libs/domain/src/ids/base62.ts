import { randomBytes } from 'node:crypto';

export const BASE62_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export type RandomBytes = (size: number) => Uint8Array;

const POOL_SIZE = 8192;
let pool = Buffer.alloc(0);
let poolOffset = 0;

/**
 * Cryptographically random bytes from a pooled buffer: ids are minted several per request on hot
 * paths, and one getrandom call per 8 KiB is much cheaper than one per id.
 */
export function pooledRandomBytes(size: number): Uint8Array {
  if (size > POOL_SIZE) return randomBytes(size);
  if (poolOffset + size > pool.length) {
    pool = randomBytes(POOL_SIZE);
    poolOffset = 0;
  }
  const out = pool.subarray(poolOffset, poolOffset + size);
  poolOffset += size;
  return out;
}

/** Uniform base62 string: bytes at or above 248 are discarded so no character is favoured. */
export function randomBase62(length: number, random: RandomBytes = pooledRandomBytes): string {
  let out = '';
  while (out.length < length) {
    for (const byte of random(length * 2)) {
      if (byte >= 248) continue;
      out += BASE62_ALPHABET[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export function encodeBase62(value: number, width: number): string {
  let out = '';
  let rest = value;
  do {
    out = BASE62_ALPHABET[rest % 62] + out;
    rest = Math.floor(rest / 62);
  } while (rest > 0);
  return out.padStart(width, '0');
}
