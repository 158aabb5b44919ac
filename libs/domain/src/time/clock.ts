/** Every rule that depends on "now" takes a Clock, so tests can pin time exactly. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

let lastSecond = NaN;
let lastFormatted = '';

/** `YYYY-MM-DDThh:mm:ssZ`, the only timestamp shape the API emits. */
export function formatUtc(date: Date): string {
  // This runs once per scan, and scans under load share their second: the last one is kept.
  const second = Math.floor(date.getTime() / 1000);
  if (second === lastSecond) return lastFormatted;
  const iso = date.toISOString();
  // Years 0–9999 always give `YYYY-MM-DDThh:mm:ss.sssZ` (24 chars), so no regex.
  const formatted = iso.length === 24 ? `${iso.slice(0, 19)}Z` : iso.replace(/\.\d{3}Z$/, 'Z');
  lastSecond = second;
  lastFormatted = formatted;
  return formatted;
}

/** RFC 3339 with an explicit offset (`Z` or `±hh:mm`); a timestamp without one is rejected. */
const RFC3339_WITH_OFFSET = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

export function parseRfc3339(value: string): Date | null {
  const m = RFC3339_WITH_OFFSET.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number);
  // The calendar date as written (before the offset) must exist: no 30 February.
  // Leap seconds (:60) are refused, since Date cannot represent them.
  if (new Date(Date.UTC(y, mo - 1, d)).getUTCDate() !== d || mo < 1 || mo > 12 || h > 23 || mi > 59 || s > 59) return null;
  const parsed = new Date(value.toUpperCase());
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}
