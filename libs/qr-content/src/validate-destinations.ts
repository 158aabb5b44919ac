import { childPointer, FieldChecker } from '@qr/domain';
import type { FieldError } from '@qr/domain';
import { CONTENT_LIMITS } from './content-limits';
import { validateHttpUrl } from './validate-http-url';

/*
 * Dynamic destinations: an array of 1..10 entries. The first is the default and carries only
 * `target_url`; each later entry carries at least one condition, and the first matching entry
 * wins on a scan. Conditions: `device` (mobile|tablet|desktop|other), `os`
 * (ios|android|windows|macos|linux|other), `country` (ISO 3166-1 alpha-2, uppercase, `DE`),
 * `language` (ISO 639 code, lowercase, 2–3 letters, `de`). A condition on the first entry, or a
 * later entry without one, is 'invalid': the first could never be skipped, and an unconditional
 * later entry could never be reached.
 */

/** Devices a destination can be conditioned on (the analytics device classes). */
export const DESTINATION_DEVICES = ['mobile', 'tablet', 'desktop', 'other'] as const;
export type DestinationDevice = (typeof DESTINATION_DEVICES)[number];

/** Operating systems a destination can be conditioned on. */
export const DESTINATION_OSES = ['ios', 'android', 'windows', 'macos', 'linux', 'other'] as const;
export type DestinationOs = (typeof DESTINATION_OSES)[number];

/** One redirect target of a dynamic code; the conditions are absent on the default (first) entry. */
export interface Destination {
  target_url: string;
  device?: DestinationDevice;
  os?: DestinationOs;
  country?: string;
  language?: string;
}

const CONDITIONS = ['device', 'os', 'country', 'language'] as const;
const FIELDS = ['target_url', ...CONDITIONS] as const;
// Loose on length so a wrong code reads 'invalid' (pattern), not 'too_long'; the pattern is exact.
const CODE_RULE = { max: 64 };

/**
 * Every problem in a `destinations` array, with pointers under `pointer`; empty when valid.
 *
 * @example validateDestinations([{ target_url: 'https://a.example' }, { target_url: 'https://b.example', country: 'DE' }]) // []
 */
export function validateDestinations(value: unknown, pointer = '/destinations'): FieldError[] {
  const check = new FieldChecker();
  if (value === undefined) {
    check.add(pointer, 'required', 'At least one destination is required.');
  } else if (!Array.isArray(value)) {
    check.add(pointer, 'invalid_type', 'Must be an array.');
  } else if (check.checkListLength(value, pointer, { min: 1, max: CONTENT_LIMITS.destinations })) {
    value.forEach((entry, index) => checkDestination(check, entry, childPointer(pointer, index), index === 0));
  }
  return check.errors;
}

function checkDestination(check: FieldChecker, value: unknown, pointer: string, isDefault: boolean): void {
  const entry = check.object(value, pointer, FIELDS);
  if (!entry) return;
  check.errors.push(...validateHttpUrl(entry['target_url'], childPointer(pointer, 'target_url')));
  check.choice(entry, 'device', pointer, DESTINATION_DEVICES, false);
  check.choice(entry, 'os', pointer, DESTINATION_OSES, false);
  check.matching(entry, 'country', pointer, CODE_RULE, /^[A-Z]{2}$/, 'Must be an ISO 3166-1 alpha-2 country code in upper case, like DE.');
  check.matching(entry, 'language', pointer, CODE_RULE, /^[a-z]{2,3}$/, 'Must be an ISO 639 language code in lower case, like de.');
  const present = CONDITIONS.filter((key) => entry[key] !== undefined);
  if (isDefault) {
    for (const key of present) {
      check.add(childPointer(pointer, key), 'invalid', 'The first destination is the default and takes no condition.');
    }
  } else if (present.length === 0) {
    check.add(pointer, 'invalid', 'Every destination after the first needs a condition: device, os, country or language.');
  }
}
