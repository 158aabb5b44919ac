import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { encodeBase62, randomBase62, type RandomBytes } from '../ids/base62';

/**
 * `qrk_` + 26 random base62 characters + a 6-character base62 CRC-32 of them.
 * The checksum lets the gateway refuse a mistyped key without a database read
 * (the caller still sees the same 401 as for an unknown key).
 */
export const API_KEY_PREFIX = 'qrk_';
const BODY_LENGTH = 26;
const CHECKSUM_LENGTH = 6;
const API_KEY_PATTERN = /^qrk_[0-9A-Za-z]{32}$/;

export function generateApiKey(random?: RandomBytes): string {
  const body = randomBase62(BODY_LENGTH, random);
  return `${API_KEY_PREFIX}${body}${checksum(body)}`;
}

export function isWellFormedApiKey(candidate: string): boolean {
  if (!API_KEY_PATTERN.test(candidate)) return false;
  const body = candidate.slice(API_KEY_PREFIX.length, API_KEY_PREFIX.length + BODY_LENGTH);
  return candidate.slice(-CHECKSUM_LENGTH) === checksum(body);
}

/** Keys are stored only as this digest. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The part of a key safe to show in listings, e.g. `qrk_AbC1…x9Z`. */
export function redactApiKey(key: string): string {
  return `${key.slice(0, 8)}…${key.slice(-3)}`;
}

function checksum(body: string): string {
  return encodeBase62(crc32(Buffer.from(body, 'ascii')), CHECKSUM_LENGTH);
}
