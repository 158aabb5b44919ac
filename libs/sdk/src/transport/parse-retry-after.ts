/**
 * Seconds a Retry-After header asks to wait: delta-seconds or an HTTP date (RFC 9110 10.2.3);
 * null when absent or unreadable. A date in the past means 0.
 *
 * @example
 * parseRetryAfter('1');                              // 1
 * parseRetryAfter('Wed, 21 Oct 2026 07:28:00 GMT', Date.parse('2026-10-21T07:27:00Z')); // 60
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  // HTTP dates start with the day's name; Date.parse alone would also read "-5" or "1.5" as dates.
  if (!/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)/i.test(trimmed)) return null;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}
