import { BASE62_ALPHABET, encodeBase62, randomBase62, type RandomBytes } from './base62';
import { systemClock, type Clock } from '../time/clock';

export type IdPrefix = 'ws' | 'mem' | 'key' | 'qr' | 'fld' | 'dom' | 'we' | 'wd' | 'evt' | 'lead' | 'ses' | 'sil' | 'hold' | 'aud' | 'chg' | 'logo' | 'dsp';

// The last id's time and random part in this thread: ids minted in one millisecond still sort in minting order.
let lastMs = -1;
let lastTail = '';

/**
 * `prefix_` + 9 base62 characters of milliseconds + 15 random base62 characters.
 * Ids sort by creation time, which is what cursor pagination walks (and "newest first" lists). Within
 * one millisecond a thread's ids sort in the order it made them: a random part not above the last
 * one's becomes the last one plus one. An injected random source is taken as is (tests).
 */
export function newId(prefix: IdPrefix, clock: Clock = systemClock, random?: RandomBytes): string {
  const ms = clock().getTime();
  let tail = randomBase62(15, random);
  if (!random) {
    if (ms === lastMs && tail <= lastTail) tail = successor(lastTail);
    [lastMs, lastTail] = [ms, tail];
  }
  return `${prefix}_${encodeBase62(ms, 9)}${tail}`;
}

/** The next base62 string of the same length (the alphabet is in ASCII order, so strings compare as numbers). */
function successor(value: string): string {
  const digits = [...value];
  for (let i = digits.length - 1; i >= 0; i--) {
    const next = BASE62_ALPHABET.indexOf(digits[i]) + 1;
    if (next < BASE62_ALPHABET.length) {
      digits[i] = BASE62_ALPHABET[next];
      return digits.join('');
    }
    digits[i] = BASE62_ALPHABET[0];
  }
  return value; // 62^15 ids in one millisecond: not reachable
}
