import { CONTENT_LIMITS as L, isEmailAddress, validateHttpUrl } from '@qr/qr-content';
import { Field, stringFaults } from '../engine/fields';
import { fault, type Fault, faultsOf } from '../engine/fault';
import { type JsonSchema } from '../engine/declare';

/*
 * Fields several declarations share: an http(s) URL, an email address and an E.164 number. Their rules
 * are plain functions (validateHttpUrl, isEmailAddress) that the declarations call.
 */

/** The faults of `value` as an absolute http(s) URL (the shared URL rules of @qr/qr-content). */
export function urlFaults(value: unknown): Fault[] {
  return faultsOf(validateHttpUrl(value, ''));
}

export const URL_SCHEMA = { type: 'string', format: 'uri', maxLength: L.url, description: 'Absolute http(s) URL without credentials' };

/** An absolute http(s) URL; `emptyIsAbsent` for forms that send an empty input as ''. */
export function HttpUrl(rule: { required?: boolean; emptyIsAbsent?: boolean } = {}, doc: JsonSchema = URL_SCHEMA): PropertyDecorator {
  return Field((value) => (rule.emptyIsAbsent && value === '' ? [] : urlFaults(value)), doc, rule);
}

/** An email address like name@example.com, within the lengths of RFC 5321. */
export function Email(rule: { required?: boolean; emptyIsAbsent?: boolean } = {}, doc: JsonSchema = {}): PropertyDecorator {
  const check = (value: unknown) => {
    if (rule.emptyIsAbsent && value === '') return [];
    const faults = stringFaults(value, { required: rule.required, max: L.email });
    if (faults.length) return faults;
    return isEmailAddress(value as string) ? [] : [fault('invalid', 'Must be an email address like name@example.com.')];
  };
  return Field(check, { type: 'string', maxLength: L.email, description: 'An email address', ...doc }, rule);
}

/** E.164: a plus, a country code not starting with 0, 7 to 15 digits in all. */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/;

/** A number in E.164; the length bound is loose so an over-long number reads 'invalid' (the pattern), like any other wrong number. */
export function E164(doc: JsonSchema): PropertyDecorator {
  const rule = { required: true, max: 64 };
  const detail = 'Must be an E.164 number: + and 7 to 15 digits, no spaces, like +4930123456.';
  return Field((value) => stringFaults(value, rule, [E164_PATTERN, detail]), { type: 'string', pattern: E164_PATTERN.source, ...doc }, rule);
}
