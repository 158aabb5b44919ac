import { randomBytes } from 'node:crypto';

export const BASE62_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export type RandomBytes = (size: number) => Uint8Array;

/** Uniform base62 string: bytes at or above 248 are discarded so no character is favoured. */
export function randomBase62(length: number, random: RandomBytes = randomBytes): string {
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
