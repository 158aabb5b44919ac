// The pages are written in English; en-GB gives the day-month-year order and the 24-hour clock
// that read unambiguously to most of the world.
const LOCALE = 'en-GB';

/**
 * When a closed code opens next, as a person reads it on a phone, in the code's own time zone.
 * An unknown zone (which validation should have refused) falls back to UTC rather than failing.
 *
 * @example formatOpensAt(new Date('2026-11-20T08:00:00Z'), 'Europe/Berlin')
 * // 'Fri, 20 Nov 2026, 09:00 (Europe/Berlin)'
 */
export function formatOpensAt(opensAt: Date, timezone: string): string {
  let zone = timezone;
  let format: Intl.DateTimeFormat;
  try {
    format = dateTimeFormat(zone);
  } catch {
    zone = 'UTC';
    format = dateTimeFormat(zone);
  }
  // Assembled from parts: the punctuation of format() differs between ICU versions.
  const parts = Object.fromEntries(format.formatToParts(opensAt).map((part) => [part.type, part.value]));
  return `${parts['weekday']}, ${parts['day']} ${parts['month']} ${parts['year']}, ${parts['hour']}:${parts['minute']} (${zone})`;
}

function dateTimeFormat(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(LOCALE, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}
