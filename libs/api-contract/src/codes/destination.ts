import { CONTENT_LIMITS as L, DESTINATION_DEVICES, DESTINATION_OSES, type DestinationDevice, type DestinationOs } from '@qr/qr-content';
import { Declaration } from '../engine/declare';
import { fault, type Fault } from '../engine/fault';
import { Choice, Text } from '../engine/fields';
import { HttpUrl } from '../content/content-fields';

const CONDITIONS = ['device', 'os', 'country', 'language'] as const;

/** One redirect target of a dynamic code; the conditions are absent on the default (first) entry. */
@Declaration()
export class Destination {
  @HttpUrl({ required: true }, { type: 'string', format: 'uri', description: 'Absolute http(s) URL' })
  target_url!: string;

  @Choice(DESTINATION_DEVICES)
  device?: DestinationDevice;

  @Choice(DESTINATION_OSES)
  os?: DestinationOs;

  // Loose on length so a wrong code reads 'invalid' (pattern), not 'too_long'; the pattern is exact.
  @Text(
    { max: 64, pattern: [/^[A-Z]{2}$/, 'Must be an ISO 3166-1 alpha-2 country code in upper case, like DE.'] },
    { maxLength: undefined, description: 'ISO 3166-1 alpha-2' },
  )
  country?: string;

  @Text(
    { max: 64, pattern: [/^[a-z]{2,3}$/, 'Must be an ISO 639 language code in lower case, like de.'] },
    { maxLength: undefined, description: 'ISO 639, from Accept-Language' },
  )
  language?: string;
}

/**
 * The first entry is the default and takes no condition; each later one needs one, and the first
 * matching entry wins on a scan: a condition on the first could never be skipped, and an
 * unconditional later entry could never be reached.
 */
export function destinationOrderFaults(entries: readonly unknown[]): Fault[] {
  return entries.flatMap((entry, index) => {
    if (entry === null || typeof entry !== 'object') return [];
    const present = CONDITIONS.filter((key) => (entry as Record<string, unknown>)[key] !== undefined);
    if (index === 0) return present.map((key) => fault('invalid', 'The first destination is the default and takes no condition.', [0, key]));
    return present.length ? [] : [fault('invalid', 'Every destination after the first needs a condition: device, os, country or language.', [index])];
  });
}

export const MAX_DESTINATIONS = L.destinations;
