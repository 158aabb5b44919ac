import { type FieldError, QueryChecker } from '@qr/domain';
import { isValidTimeZone } from '@qr/opening-rules';
import { FIRST_CALENDAR_DAY, formatCalendarDay, parseCalendarDay } from '../calendar/calendar-day';
import { localDayNumberAt } from '../time-zone/wall-clock-ms';
import { type AnalyticsRange } from './analytics-range';
import { localDaysBetween } from './local-days-between';

const PARAMETERS = ['from', 'to', 'tz', 'include_bots', 'format'] as const;
const FORMATS = ['json', 'csv'] as const;
/** Days in the default range, `to` included: the last 30 days. */
const DEFAULT_DAYS = 30;
/** Longest range, both ends included: a leap year. Bounds the work and the answer's size. */
const MAX_DAYS = 366;

type Query = Record<string, unknown>;

/**
 * Parses and validates the query of `GET /qrcodes/{id}/analytics`: `from`, `to` (YYYY-MM-DD,
 * real calendar dates, both included), `tz` (IANA name), `include_bots` (`true`|`false`) and
 * `format` (`json`|`csv`). Defaults: `to` = today in the zone (from the injected `today`),
 * `from` = `to` − 29 days, `tz` = `defaultTimezone` (the code's own zone), no bots, JSON.
 * Every problem is reported at once, as 422 field errors pointing at the parameter; a range
 * problem points at `/to` when `to` was given and at `/from` when `to` was the default.
 * The range echoes the zone as given: the runtime's own spelling is no better (ICU answers
 * `Asia/Katmandu` for `Asia/Kathmandu`).
 *
 * @example
 * parseAnalyticsQuery({ from: '2026-06-01', to: '2026-06-30', tz: 'Asia/Tokyo' }, { defaultTimezone: 'UTC', today: new Date() })
 * // → { ok: true, format: 'json', range: { from: '2026-06-01', to: '2026-06-30', timezone: 'Asia/Tokyo', includeBots: false, days: [30 days] } }
 * parseAnalyticsQuery({ to: '2026-02-30' }, o)
 * // → { ok: false, errors: [{ pointer: '/to', code: 'invalid_date', detail: '…' }] }
 */
export function parseAnalyticsQuery(
  query: Query,
  o: { defaultTimezone: string; today: Date; extraAllowed?: readonly string[] },
): { ok: true; range: AnalyticsRange; format: 'json' | 'csv' } | { ok: false; errors: FieldError[] } {
  const q = new QueryChecker(query, [...PARAMETERS, ...(o.extraAllowed ?? [])]);
  const errors = q.errors;
  const timezone = parseTimeZone(query.tz, o.defaultTimezone, errors);
  const includeBots = q.flag('include_bots', false);
  const format = q.oneOf('format', FORMATS, 'json');
  const today = timezone === null ? null : localDayNumberAt(o.today.getTime(), timezone);
  const span = parseSpan(query, today, errors);
  if (timezone === null || span === null || errors.length > 0) return { ok: false, errors };
  const days = localDaysBetween(span.from, span.to, timezone);
  return { ok: true, format, range: { from: formatCalendarDay(span.from), to: formatCalendarDay(span.to), timezone, includeBots, days } };
}

function parseTimeZone(value: unknown, defaultTimezone: string, errors: FieldError[]): string | null {
  if (value === undefined) {
    // The code's zone was validated when it was saved; should this runtime not know it (an older
    // tz database), answer in UTC, which the echoed `timezone` makes visible, instead of failing.
    return isValidTimeZone(defaultTimezone) ? defaultTimezone : 'UTC';
  }
  if (typeof value === 'string' && isValidTimeZone(value)) return value;
  errors.push({ pointer: '/tz', code: 'invalid_timezone', detail: 'tz must be an IANA time zone name, e.g. Europe/Berlin.' });
  return null;
}

/** `from` and `to` as day numbers, defaults applied; null when they are invalid or need an unknown zone. */
function parseSpan(query: Query, today: number | null, errors: FieldError[]): { from: number; to: number } | null {
  const from = parseDateParameter('from', query.from, errors);
  const givenTo = parseDateParameter('to', query.to, errors);
  if (from === null || givenTo === null) return null;
  const to = givenTo ?? today;
  if (to === null) return null;
  // Clamped so that a default range near year 0 still has four-digit dates.
  const start = from ?? Math.max(to - (DEFAULT_DAYS - 1), FIRST_CALENDAR_DAY);
  const pointer = query.to === undefined ? '/from' : '/to';
  const [fromText, toText] = [formatCalendarDay(start), formatCalendarDay(to)];
  if (to < start) {
    errors.push({ pointer, code: 'invalid_range', detail: `to (${toText}) must not be before from (${fromText}).` });
    return null;
  }
  if (to - start + 1 > MAX_DAYS) {
    errors.push({ pointer, code: 'range_too_long', detail: `The range ${fromText}..${toText} spans more than ${MAX_DAYS} days.` });
    return null;
  }
  return { from: start, to };
}

/** The day number of a date parameter; undefined when absent, null (with an error) when invalid. */
function parseDateParameter(name: 'from' | 'to', value: unknown, errors: FieldError[]): number | null | undefined {
  if (value === undefined) return undefined;
  const day = parseCalendarDay(value);
  if (day === null) errors.push({ pointer: `/${name}`, code: 'invalid_date', detail: `${name} must be a calendar date YYYY-MM-DD, e.g. 2026-06-01.` });
  return day;
}
