import type { FieldError } from '../errors/api-error';
import { childPointer } from './json-pointer';

/*
 * Small helpers for rules that read untrusted JSON by hand (the scannability check, GS1 content, the
 * print sheet); request bodies are read through their declarations in @qr/api-contract.
 */

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
