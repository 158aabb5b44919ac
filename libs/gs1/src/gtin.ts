// The browser entry's FieldError: the dashboard type-checks this file, and @qr/domain's index is server code.
import type { FieldError } from '@qr/domain/browser';

/** The lengths a GTIN is written in: GTIN-8, GTIN-12 (UPC-A), GTIN-13 (EAN-13) and GTIN-14. */
export const GTIN_LENGTHS = [8, 12, 13, 14] as const;

/**
 * The GS1 mod-10 check digit of `digits`, the key without its check digit (GS1 General
 * Specifications §7.9.1): from the rightmost digit leftwards the weights are 3, 1, 3, 1…, and the
 * check digit brings the weighted sum up to a multiple of ten.
 *
 * @example gs1CheckDigit('0950600013435') // 2, so the GTIN is 09506000134352
 */
export function gs1CheckDigit(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, weight = 3; i >= 0; i--, weight = 4 - weight) {
    sum += (digits.charCodeAt(i) - 48) * weight;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * Every problem with `value` as a GTIN, reported at `pointer`; empty when it is 8, 12, 13 or 14
 * digits with a correct check digit. The detail of a wrong check digit names the right one, so a
 * form can show it while the user types.
 *
 * @example gtinErrors('09506000134353', '/content/gtin')
 * // [{ pointer: '/content/gtin', code: 'invalid_check_digit', detail: 'The check digit should be 2: 09506000134352.' }]
 */
export function gtinErrors(value: unknown, pointer: string): FieldError[] {
  if (value === undefined || value === '') return [{ pointer, code: 'required', detail: 'A GTIN is required.' }];
  if (typeof value !== 'string') return [{ pointer, code: 'invalid_type', detail: 'Must be a string of digits.' }];
  if (!/^\d+$/.test(value) || !(GTIN_LENGTHS as readonly number[]).includes(value.length)) {
    return [{ pointer, code: 'invalid_gtin', detail: 'A GTIN is 8, 12, 13 or 14 digits.' }];
  }
  const body = value.slice(0, -1);
  const expected = gs1CheckDigit(body);
  if (value.endsWith(String(expected))) return [];
  return [{ pointer, code: 'invalid_check_digit', detail: `The check digit should be ${expected}: ${body}${expected}.` }];
}

/**
 * A valid GTIN of any length written as GTIN-14, left-padded with zeros: the form GS1 Digital Link
 * URIs carry since URI syntax 1.4.0 and the form codes are stored and matched in.
 *
 * @example toGtin14('9506000134352') // '09506000134352'
 */
export function toGtin14(gtin: string): string {
  return gtin.padStart(14, '0');
}
