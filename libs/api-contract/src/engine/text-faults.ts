import { codePointLength, utf8Length } from '@qr/domain';
import { type Fault, fault } from './fault';

/** How a string field is checked. Lengths count Unicode code points. */
export interface TextRule {
  required?: boolean;
  max: number;
  min?: number;
  /** Upper bound in UTF-8 bytes, for fields a standard limits in bytes (the WiFi SSID). */
  maxBytes?: number;
  /** Refuse CR and LF: the field ends up in a one-line header or a `key:value;` record. */
  singleLine?: boolean;
}

// C0 controls except TAB, LF, CR; DEL; C1 controls. They break the vCard/WiFi records and the
// hosted pages, and no person types them.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// A lone surrogate cannot be encoded as UTF-8, so it can be neither stored nor put in a pattern.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A string as given (never trimmed): a required one may not be empty or whitespace-only, none may
 * hold control characters or lone surrogates, and lengths stay within the rule.
 */
export function textFaults(value: string, rule: TextRule): Fault[] {
  if (rule.required && value.trim() === '') return [fault('required', 'Must not be empty or whitespace only.')];
  const faults: Fault[] = [];
  if (CONTROL_CHARS.test(value) || LONE_SURROGATE.test(value)) {
    faults.push(fault('invalid', 'Must not contain control characters or unpaired surrogates.'));
  } else if (rule.singleLine && /[\r\n\u2028\u2029]/.test(value)) {
    faults.push(fault('invalid', 'Must be a single line.'));
  }
  const length = codePointLength(value);
  if (length > rule.max) faults.push(fault('too_long', `At most ${rule.max} characters.`));
  else if (rule.maxBytes !== undefined && utf8Length(value) > rule.maxBytes) faults.push(fault('too_long', `At most ${rule.maxBytes} bytes in UTF-8.`));
  if (rule.min !== undefined && length < rule.min) faults.push(fault('too_short', `At least ${rule.min} characters.`));
  return faults;
}

/** An array's entry count outside `min..max`. */
export function lengthFaults(value: readonly unknown[], min: number, max: number): Fault[] {
  if (value.length < min) return [fault('too_short', `At least ${min} ${min === 1 ? 'entry' : 'entries'}.`)];
  if (value.length > max) return [fault('too_long', `At most ${max} entries.`)];
  return [];
}

// C0 controls and DEL: a name or a reference with them breaks the lists and CSV files it shows in.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NAME_CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/** A one-line name or reference of 1..max characters, not blank, without control characters. */
export function nameFaults(value: unknown, max: number): Fault[] {
  if (typeof value !== 'string') return [fault('invalid_type', 'must be a string')];
  if (value.trim() === '' || value.length > max) return [fault('invalid', `must be 1–${max} characters`)];
  if (NAME_CONTROL_CHARS.test(value)) return [fault('invalid', 'must not contain control characters')];
  return [];
}

/** `nameFaults` of an optional, nullable name as FieldErrors at `pointer` (absent and null pass), for rules outside a declaration. */
export function optionalNameErrors(value: unknown, pointer: string, max: number): Array<{ pointer: string; code: string; detail: string }> {
  return value === undefined || value === null ? [] : nameFaults(value, max).map((f) => ({ pointer, code: f.code, detail: f.detail }));
}
