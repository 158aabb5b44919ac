/**
 * UTC day key `YYYY-MM-DD` of an instant: the bucket of daily uniques and of the salt rotation.
 *
 * @throws RangeError for an invalid Date.
 * @example utcDay(new Date('2026-06-05T23:59:59.999-02:00')) // '2026-06-06'
 */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}
