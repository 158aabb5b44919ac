import { encodeBase62, randomBase62, type RandomBytes } from './base62';
import { systemClock, type Clock } from '../time/clock';

export type IdPrefix = 'ws' | 'mem' | 'key' | 'qr' | 'fld' | 'dom' | 'we' | 'wd' | 'evt' | 'lead' | 'ses' | 'sil' | 'hold' | 'aud' | 'chg';

/**
 * `prefix_` + 9 base62 characters of milliseconds + 15 random base62 characters.
 * Ids sort by creation time, which is what cursor pagination walks.
 */
export function newId(prefix: IdPrefix, clock: Clock = systemClock, random?: RandomBytes): string {
  return `${prefix}_${encodeBase62(clock().getTime(), 9)}${randomBase62(15, random)}`;
}
