const DAY_MS = 86_400_000;

/** The day asked for last (days since the epoch) and its key: a redirect asks for today's on every scan. */
let lastDay = Number.NaN;
let lastKey = '';

/**
 * The UTC day `YYYY-MM-DD` an instant falls in: the key of the day rollups and of daily uniques.
 * Meant for years 0000–9999 (beyond them `toISOString` writes six-digit years).
 *
 * @throws RangeError when `epochMs` is not a finite instant a Date can hold.
 * @example utcDayOf(Date.parse('2026-06-05T23:30:00Z')) // '2026-06-05'
 */
export function utcDayOf(epochMs: number): string {
  const day = Math.floor(epochMs / DAY_MS);
  if (day !== lastDay) {
    lastKey = new Date(epochMs).toISOString().slice(0, 10);
    lastDay = day;
  }
  return lastKey;
}
