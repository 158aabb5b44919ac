import type { FormFieldType } from '@qr/api-contract';

/**
 * The most characters (code points) a submitted value of this field type may have: 2000 for a
 * textarea, 200 for the single-line types. The form page uses it as `maxlength`, the validator
 * enforces it.
 */
export function leadValueLimit(type: FormFieldType): number {
  return type === 'textarea' ? 2000 : 200;
}
