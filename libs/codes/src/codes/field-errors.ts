import { type FieldError } from '@qr/domain';

export function fieldError(pointer: string, code: string, detail: string): FieldError {
  return { pointer, code, detail };
}

// Finding control characters is the point of this pattern.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** An optional plain string field: absent/null is fine, otherwise 1..max characters, no control characters. */
export function checkOptionalString(value: unknown, pointer: string, max: number): FieldError[] {
  if (value === undefined || value === null) return [];
  if (typeof value !== 'string') return [fieldError(pointer, 'invalid_type', 'must be a string')];
  if (value.trim() === '' || value.length > max) return [fieldError(pointer, 'invalid', `must be 1–${max} characters`)];
  if (CONTROL.test(value)) return [fieldError(pointer, 'invalid', 'must not contain control characters')];
  return [];
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
