import { childPointer, type FieldError, isPlainObject } from '@qr/domain';
import { dataAttributesErrors, KEY_QUALIFIERS, qualifierErrors, QUALIFIER_FIELDS } from '../application-identifiers';
import { GS1_LIMITS, gs1LinksErrors, gs1TextErrors } from '../gs1-content';
import { gtinErrors } from '../gtin';

const CONTENT_FIELDS = ['gtin', 'cpv', 'lot', 'serial', 'data', 'item_description', 'links'];

/**
 * Every problem with a `gs1` code's content, with pointers under `pointer`; empty when valid. The API
 * checks the same rules field by field through @qr/api-contract's declarations; this puts them
 * together so that the rules can be tested here, without the contract.
 */
export function validateGs1Content(value: unknown, pointer = '/content'): FieldError[] {
  if (!isPlainObject(value)) return [{ pointer, code: 'invalid_type', detail: 'Must be an object.' }];
  const errors: FieldError[] = Object.keys(value)
    .filter((key) => !CONTENT_FIELDS.includes(key))
    .map((key) => ({ pointer: childPointer(pointer, key), code: 'unknown_field', detail: `Unknown field; allowed: ${CONTENT_FIELDS.join(', ')}.` }));
  errors.push(...gtinErrors(value['gtin'], childPointer(pointer, 'gtin')));
  for (const ai of KEY_QUALIFIERS) {
    const field = QUALIFIER_FIELDS[ai];
    if (value[field] !== undefined) errors.push(...qualifierErrors(ai, value[field], childPointer(pointer, field)));
  }
  if (value['data'] !== undefined) errors.push(...dataAttributesErrors(value['data'], childPointer(pointer, 'data')));
  if (value['item_description'] !== undefined) {
    errors.push(...gs1TextErrors(value['item_description'], childPointer(pointer, 'item_description'), GS1_LIMITS.itemDescription));
  }
  errors.push(...gs1LinksErrors(value['links'], childPointer(pointer, 'links')));
  return errors;
}
