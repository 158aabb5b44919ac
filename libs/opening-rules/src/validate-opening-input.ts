import { type FieldError, parseRfc3339 } from '@qr/domain';
import { WALL_TIME_PATTERN } from './daily-window/parse-wall-time';
import { isValidTimeZone } from './time-zone/is-valid-time-zone';
import { isWeekday } from './weekdays';

type Input = Record<string, unknown>;
type PointerTo = (field: string) => string;

const MAX_SCAN_LIMIT = 1_000_000_000;

// Static codes carry their data in the pattern: scans never reach us, so nothing can enforce these.
const NOT_FOR_STATIC = ['start_at', 'end_at', 'daily_start', 'daily_end', 'daily_days', 'scan_limit'] as const;

/**
 * Field errors in the opening-rule fields of a create or patch body (snake_case, as received).
 * Absent and null fields are "not set" and pass; keys this function does not know are ignored.
 * Cross-field rules (end after start, both daily times) only see `input`: for a PATCH, pass the
 * stored values overlaid with the patch. Pointers are prefixed with `pointer` (`/items/3`).
 *
 * @example
 * validateOpeningInput({ daily_start: '09:00' }, 'dynamic')
 * // → [{ pointer: '/daily_end', code: 'required', detail: '…' }]
 */
export function validateOpeningInput(input: Input, category: 'dynamic' | 'static', pointer = ''): FieldError[] {
  const at: PointerTo = (field) => `${pointer}/${field}`;
  const errors =
    category === 'static' ? notForStatic(input, at) : [...timestamps(input, at), ...dailyHours(input, at), ...dailyDays(input, at), ...scanLimit(input, at)];
  return [...errors, ...timeZone(input, at)];
}

const isSet = (value: unknown): boolean => value !== undefined && value !== null;

function notForStatic(input: Input, at: PointerTo): FieldError[] {
  return NOT_FOR_STATIC.filter((field) => isSet(input[field])).map((field) => ({
    pointer: at(field),
    code: 'not_allowed_for_static',
    detail: `${field} is not allowed on a static code: its scans never reach the platform.`,
  }));
}

function timestamps(input: Input, at: PointerTo): FieldError[] {
  const errors: FieldError[] = [];
  const parse = (field: 'start_at' | 'end_at'): Date | null => {
    const value = input[field];
    if (!isSet(value)) return null;
    const parsed = typeof value === 'string' ? parseRfc3339(value) : null;
    if (parsed === null) {
      errors.push({
        pointer: at(field),
        code: 'invalid_timestamp',
        detail: `${field} must be an RFC 3339 timestamp with an offset, e.g. 2026-07-01T09:00:00Z.`,
      });
    }
    return parsed;
  };
  const startAt = parse('start_at');
  const endAt = parse('end_at');
  if (startAt !== null && endAt !== null && endAt.getTime() <= startAt.getTime()) {
    errors.push({ pointer: at('end_at'), code: 'invalid', detail: 'end_at must be after start_at.' });
  }
  return errors;
}

function dailyHours(input: Input, at: PointerTo): FieldError[] {
  const errors: FieldError[] = [];
  const [start, end] = [input.daily_start, input.daily_end];
  for (const [field, value, other] of [
    ['daily_start', start, 'daily_end'],
    ['daily_end', end, 'daily_start'],
  ] as const) {
    if (isSet(value) && (typeof value !== 'string' || !WALL_TIME_PATTERN.test(value))) {
      errors.push({ pointer: at(field), code: 'invalid', detail: `${field} must be a time HH:MM between 00:00 and 23:59.` });
    }
    if (!isSet(value) && isSet(input[other])) {
      errors.push({ pointer: at(field), code: 'required', detail: `${field} is required when ${other} is set.` });
    }
  }
  if (isSet(start) && start === end && errors.length === 0) {
    errors.push({ pointer: at('daily_end'), code: 'invalid', detail: 'daily_end must differ from daily_start.' });
  }
  return errors;
}

function dailyDays(input: Input, at: PointerTo): FieldError[] {
  const value = input.daily_days;
  if (!isSet(value)) return [];
  if (!Array.isArray(value) || value.length === 0) {
    return [{ pointer: at('daily_days'), code: 'invalid', detail: 'daily_days must be a non-empty array of mon, tue, wed, thu, fri, sat, sun.' }];
  }
  const days: readonly unknown[] = value;
  // Point at the offending entry, so a client can tell a typo from a repeat.
  return days.flatMap((day, index) => {
    if (!isWeekday(day)) return [{ pointer: at(`daily_days/${index}`), code: 'invalid', detail: 'Must be one of mon, tue, wed, thu, fri, sat, sun.' }];
    if (days.indexOf(day) !== index) return [{ pointer: at(`daily_days/${index}`), code: 'invalid', detail: `${day} is listed twice.` }];
    return [];
  });
}

function scanLimit(input: Input, at: PointerTo): FieldError[] {
  const value = input.scan_limit;
  if (!isSet(value) || (Number.isInteger(value) && Number(value) >= 1 && Number(value) <= MAX_SCAN_LIMIT)) return [];
  return [{ pointer: at('scan_limit'), code: 'invalid', detail: `scan_limit must be an integer from 1 to ${MAX_SCAN_LIMIT}, or null.` }];
}

function timeZone(input: Input, at: PointerTo): FieldError[] {
  const value = input.timezone;
  if (!isSet(value) || (typeof value === 'string' && isValidTimeZone(value))) return [];
  return [{ pointer: at('timezone'), code: 'invalid_timezone', detail: 'timezone must be an IANA time zone name, e.g. Europe/Berlin.' }];
}
