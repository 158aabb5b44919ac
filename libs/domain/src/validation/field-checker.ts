import type { FieldError } from '../errors/api-error';
import { childPointer } from './json-pointer';

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

/** How a number field is checked. */
export interface NumberRule {
  required?: boolean;
  min: number;
  max: number;
}

/** How an array field is checked. */
export interface ListRule {
  required?: boolean;
  min: number;
  max: number;
}

// C0 controls except TAB, LF, CR; DEL; C1 controls. They break the vCard/WiFi records and the
// hosted pages, and no person types them.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// A lone surrogate cannot be encoded as UTF-8, so it can be neither stored nor put in a pattern.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const utf8 = new TextEncoder();

/** UTF-8 length of a string in bytes. */
export function utf8Length(value: string): number {
  return utf8.encode(value).length;
}

/** Length in Unicode code points, so an emoji counts as one character, not two. */
export function codePointLength(value: string): number {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}

/** A plain JSON object: not null, not an array, not a class instance. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** One problem with one field. */
export function fieldError(pointer: string, code: string, detail: string): FieldError {
  return { pointer, code, detail };
}

/** Keys of `value` that are not in `allowed`, as `unknown_field` errors under `base`; never silently dropped. */
export function unknownFields(value: Record<string, unknown>, allowed: readonly string[], base = ''): FieldError[] {
  // An in-process caller's `undefined` is an absent field, as it would be after JSON.stringify.
  return Object.keys(value)
    .filter((key) => !allowed.includes(key) && value[key] !== undefined)
    .map((key) => fieldError(childPointer(base, key), 'unknown_field', `Unknown field; allowed: ${allowed.join(', ')}.`));
}

/** The refusal of a value that must be a JSON object and is not. */
export function notAnObject(pointer = ''): FieldError {
  return fieldError(pointer, 'invalid_type', 'Must be a JSON object.');
}

// C0 controls and DEL: a name or a reference with them breaks the lists and CSV files it shows in.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NAME_CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/**
 * An optional, nullable one-line value (a name, a client reference, an id, a UTM value): absent or
 * null is fine (null clears it on PATCH), otherwise 1..max characters, not blank, no control characters.
 */
export function checkOptionalName(value: unknown, pointer: string, max: number): FieldError[] {
  if (value === undefined || value === null) return [];
  if (typeof value !== 'string') return [fieldError(pointer, 'invalid_type', 'must be a string')];
  if (value.trim() === '' || value.length > max) return [fieldError(pointer, 'invalid', `must be 1–${max} characters`)];
  if (NAME_CONTROL_CHARS.test(value)) return [fieldError(pointer, 'invalid', 'must not contain control characters')];
  return [];
}

/**
 * Collects field errors while reading untrusted JSON. Each reader reports what is wrong with one
 * field and returns its value only when it is usable, so validators read as a list of fields and
 * every problem in a document is reported, not just the first.
 */
export class FieldChecker {
  readonly errors: FieldError[] = [];

  /** Records one problem; validators call it for rules the typed readers do not cover. */
  add(pointer: string, code: string, detail: string): void {
    this.errors.push({ pointer, code, detail });
  }

  /** A JSON object whose keys are all in `allowed`; extra keys are reported, never dropped. */
  object(value: unknown, pointer: string, allowed: readonly string[]): Record<string, unknown> | undefined {
    if (value === undefined) {
      this.add(pointer, 'required', 'This field is required.');
      return undefined;
    }
    if (!isPlainObject(value)) {
      this.errors.push(notAnObject(pointer));
      return undefined;
    }
    this.errors.push(...unknownFields(value, allowed, pointer));
    return value;
  }

  /**
   * `obj[key]` when it has the JSON type `guard` accepts. Absent → 'required' (when required);
   * present with another type, `null` included, → 'invalid_type': optional fields are omitted,
   * not nulled, so stored content has one shape.
   */
  typed<T>(obj: Record<string, unknown>, key: string, base: string, required: boolean, kind: string, guard: (v: unknown) => v is T): T | undefined {
    // Own properties only: an inherited `constructor` or `toString` is not something the client sent.
    const value = Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined;
    const pointer = childPointer(base, key);
    if (value === undefined) {
      if (required) this.add(pointer, 'required', 'This field is required.');
      return undefined;
    }
    if (!guard(value)) {
      this.add(pointer, 'invalid_type', `Must be ${kind}.`);
      return undefined;
    }
    return value;
  }

  /**
   * A string taken as sent (a password, a token, an email the use case looks up): only its type and
   * length are checked here, the rest is the use case's to judge.
   */
  opaque(obj: Record<string, unknown>, key: string, base: string, max: number): string | undefined {
    const value = this.typed(obj, key, base, true, 'a string', isString);
    if (value !== undefined && value.length > max) {
      this.add(childPointer(base, key), 'too_long', `At most ${max} characters.`);
      return undefined;
    }
    return value;
  }

  /** A string field; see {@link checkText} for the rules. */
  text(obj: Record<string, unknown>, key: string, base: string, rule: TextRule): string | undefined {
    const value = this.typed(obj, key, base, rule.required ?? false, 'a string', isString);
    if (value === undefined) return undefined;
    return this.checkText(value, childPointer(base, key), rule) ? value : undefined;
  }

  /**
   * A string as given (never trimmed): a required one may not be empty or whitespace-only, none may
   * hold control characters or lone surrogates, and lengths stay within the rule.
   */
  checkText(value: string, pointer: string, rule: TextRule): boolean {
    const before = this.errors.length;
    if (rule.required && value.trim() === '') {
      this.add(pointer, 'required', 'Must not be empty or whitespace only.');
      return false;
    }
    if (CONTROL_CHARS.test(value) || LONE_SURROGATE.test(value)) {
      this.add(pointer, 'invalid', 'Must not contain control characters or unpaired surrogates.');
    } else if (rule.singleLine && /[\r\n\u2028\u2029]/.test(value)) {
      this.add(pointer, 'invalid', 'Must be a single line.');
    }
    const length = codePointLength(value);
    if (length > rule.max) this.add(pointer, 'too_long', `At most ${rule.max} characters.`);
    else if (rule.maxBytes !== undefined && utf8Length(value) > rule.maxBytes) {
      this.add(pointer, 'too_long', `At most ${rule.maxBytes} bytes in UTF-8.`);
    }
    if (rule.min !== undefined && length < rule.min) this.add(pointer, 'too_short', `At least ${rule.min} characters.`);
    return this.errors.length === before;
  }

  /** A string that must also match `pattern`; `detail` says what was expected. */
  matching(obj: Record<string, unknown>, key: string, base: string, rule: TextRule, pattern: RegExp, detail: string): string | undefined {
    const value = this.text(obj, key, base, rule);
    if (value === undefined) return undefined;
    if (!pattern.test(value)) {
      this.add(childPointer(base, key), 'invalid', detail);
      return undefined;
    }
    return value;
  }

  /** One of a fixed set of strings, compared exactly (case matters). */
  choice<T extends string>(obj: Record<string, unknown>, key: string, base: string, values: readonly T[], required: boolean): T | undefined {
    const value = this.typed(obj, key, base, required, 'a string', isString);
    if (value === undefined) return undefined;
    if (!(values as readonly string[]).includes(value)) {
      this.add(childPointer(base, key), 'invalid', `Must be one of: ${values.join(', ')}.`);
      return undefined;
    }
    return value as T;
  }

  /** A JSON boolean. */
  boolean(obj: Record<string, unknown>, key: string, base: string, required = false): boolean | undefined {
    return this.typed(obj, key, base, required, 'true or false', isBoolean);
  }

  /** A finite JSON number within `[min, max]`. */
  number(obj: Record<string, unknown>, key: string, base: string, rule: NumberRule): number | undefined {
    const value = this.typed(obj, key, base, rule.required ?? false, 'a number', isNumber);
    if (value === undefined) return undefined;
    const pointer = childPointer(base, key);
    if (!Number.isFinite(value)) {
      this.add(pointer, 'invalid', 'Must be a finite number.');
      return undefined;
    }
    if (value < rule.min || value > rule.max) {
      this.add(pointer, 'out_of_range', `Must be between ${rule.min} and ${rule.max}.`);
      return undefined;
    }
    return value;
  }

  /** A JSON array with `min..max` entries; entries are the caller's to check. */
  list(obj: Record<string, unknown>, key: string, base: string, rule: ListRule): unknown[] | undefined {
    const value = this.typed(obj, key, base, rule.required ?? false, 'an array', isArray);
    if (value === undefined) return undefined;
    return this.checkListLength(value, childPointer(base, key), rule) ? value : undefined;
  }

  /** Reports an array with fewer than `min` or more than `max` entries. */
  checkListLength(value: readonly unknown[], pointer: string, rule: ListRule): boolean {
    if (value.length < rule.min) {
      this.add(pointer, 'too_short', `At least ${rule.min} ${rule.min === 1 ? 'entry' : 'entries'}.`);
      return false;
    }
    if (value.length > rule.max) {
      this.add(pointer, 'too_long', `At most ${rule.max} entries.`);
      return false;
    }
    return true;
  }
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

function isBoolean(value: unknown): value is boolean {
  return typeof value === 'boolean';
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number';
}

function isArray(value: unknown): value is unknown[] {
  return Array.isArray(value);
}
