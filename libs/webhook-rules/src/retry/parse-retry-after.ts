// RFC 9110 §10.2.3: delay-seconds, or an HTTP-date in any of its three historical forms.
const DELAY_SECONDS = /^\d+$/;
const IMF_FIXDATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;
const RFC_850 = /^[A-Z][a-z]+, \d{2}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2}:\d{2} GMT$/;
const ASCTIME = /^[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/;

/**
 * Milliseconds a `Retry-After` value asks us to wait from `now`, 0 for a date already past, null
 * when the value is absent or not one of the RFC forms (ignored rather than guessed at).
 *
 * @example
 * parseRetryAfter('120', now) // 120000
 * parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', new Date('2015-10-21T07:27:00Z')) // 60000
 */
export function parseRetryAfter(value: string | null | undefined, now: Date): number | null {
  const text = value?.trim() ?? '';
  if (DELAY_SECONDS.test(text)) {
    const ms = Number(text) * 1000;
    return Number.isSafeInteger(ms) ? ms : null;
  }
  const at = httpDate(text);
  return at === null ? null : Math.max(0, at - now.getTime());
}

function httpDate(text: string): number | null {
  // asctime carries no zone; without the suffix Date.parse would read it as local time.
  const utc = IMF_FIXDATE.test(text) || RFC_850.test(text) ? text : ASCTIME.test(text) ? `${text} GMT` : null;
  if (utc === null) return null;
  const at = Date.parse(utc);
  return Number.isNaN(at) ? null : at;
}
