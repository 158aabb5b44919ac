import { hash } from 'node:crypto';

// 52 bits: the most a double holds exactly, so every fraction is k / 2^52 and the split is even.
const BITS_HEX = 13;
const SCALE = 2 ** 52;

/**
 * A number in [0, 1) fixed by a visitor's daily hash, the UTC day and the code: the same visitor
 * gets the same number all day, and the numbers of many visitors are spread evenly (SHA-256).
 * NUL keeps the parts apart, as in `visitorHash`.
 *
 * @example stickyFraction('3f1c…', '2026-06-05', 'Ab3dE7x') // 0.7180… (the same on every call)
 */
export function stickyFraction(visitorHash: string, day: string, code: string): number {
  return parseInt(hash('sha256', `${visitorHash}\u0000${day}\u0000${code}`, 'hex').slice(0, BITS_HEX), 16) / SCALE;
}
