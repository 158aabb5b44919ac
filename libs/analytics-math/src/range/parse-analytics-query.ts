import { checkQuery } from '@qr/api-contract';
import { type FieldError } from '@qr/domain';
import { FIRST_CALENDAR_DAY, formatCalendarDay, parseCalendarDay } from '../calendar/calendar-day';
import { isValidTimeZone } from '@qr/opening-rules';
import { localDayNumberAt } from '../time-zone/wall-clock-ms';
import { type AnalyticsRange } from './analytics-range';
import { CodeAnalyticsQuery, WorkspaceAnalyticsQuery } from './analytics-query';
import { localDaysBetween } from './local-days-between';

/** Days in the default range, `to` included: the last 30 days. */
const DEFAULT_DAYS = 30;
/** Longest range, both ends included: a leap year. Bounds the work and the answer's size. */
const MAX_DAYS = 366;

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
  query: Record<string, unknown>,
  o: { defaultTimezone: string; today: Date; workspace?: boolean },
): { ok: true; range: AnalyticsRange; format: 'json' | 'csv' } | { ok: false; errors: FieldError[] } {
  const checked = checkQuery(o.workspace ? WorkspaceAnalyticsQuery : CodeAnalyticsQuery, query);
  if (!checked.ok) {
    // Explicit dates are still judged as a range when only the other parameters failed.
    const datesValid = !checked.errors.some((e) => e.pointer === '/from' || e.pointer === '/to');
    if (datesValid && query.to !== undefined) parseSpan(query as CodeAnalyticsQuery, 0, checked.errors);
    return checked;
  }
  const q = checked.value as CodeAnalyticsQuery;
  const timezone = q.tz ?? (isValidTimeZone(o.defaultTimezone) ? o.defaultTimezone : 'UTC');
  const includeBots = q.include_bots === 'true';
  const format = q.format ?? 'json';
  const errors: FieldError[] = [];
  const span = parseSpan(q, localDayNumberAt(o.today.getTime(), timezone), errors);
  if (span === null) return { ok: false, errors };
  const days = localDaysBetween(span.from, span.to, timezone);
  return { ok: true, format, range: { from: formatCalendarDay(span.from), to: formatCalendarDay(span.to), timezone, includeBots, days } };
}

/** `from` and `to` (valid calendar days, the declaration checked them) as day numbers, defaults applied; null when the range is refused. */
function parseSpan(query: CodeAnalyticsQuery, today: number, errors: FieldError[]): { from: number; to: number } | null {
  const from = query.from === undefined ? undefined : parseCalendarDay(query.from)!;
  const to = query.to === undefined ? today : parseCalendarDay(query.to)!;
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
