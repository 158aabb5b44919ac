import { CONTENT_LIMITS as L, DESTINATION_DEVICES, DESTINATION_OSES, type DestinationDevice, type DestinationOs } from '@qr/qr-content';
import { Declaration } from '../engine/declare';
import { fault, type Fault } from '../engine/fault';
import { Choice, Num, Text } from '../engine/fields';
import { HttpUrl } from '../content/content-fields';

const CONDITIONS = ['device', 'os', 'country', 'language'] as const;

/** The largest weight of an A/B destination: shares finer than 0.1 % buy nothing a scan count can show. */
export const MAX_DESTINATION_WEIGHT = 1000;

const wholeNumber = (value: unknown): Fault[] => (Number.isInteger(value) ? [] : [fault('invalid', 'Must be a whole number.')]);

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

  @Num(
    { min: 0, max: MAX_DESTINATION_WEIGHT, also: wholeNumber },
    {
      type: 'integer',
      description:
        'A/B split: this entry gets weight / (sum of the weights of the entries with the same conditions) of their scans, sticky per visitor per UTC day. If one entry of such a group has a weight, all need one, not all 0',
    },
  )
  weight?: number;
}

/**
 * The first entry is the default and takes no condition: a condition on it could never be skipped.
 * A later entry needs a condition, or a weight that makes it an A/B variant of the default. Entries
 * with the same conditions form one group, which a scan's rules pick; if one entry of a group has a
 * weight, all need one and their total must be positive, so a split never depends on a missing value.
 */
export function destinationOrderFaults(entries: readonly unknown[]): Fault[] {
  const objects = entries.map((entry) => (entry !== null && typeof entry === 'object' ? (entry as Record<string, unknown>) : null));
  const order = objects.flatMap((entry, index) => {
    if (!entry) return [];
    const present = CONDITIONS.filter((key) => entry[key] !== undefined);
    if (index === 0) return present.map((key) => fault('invalid', 'The first destination is the default and takes no condition.', [0, key]));
    if (present.length || entry.weight !== undefined) return [];
    return [fault('invalid', 'Every destination after the first needs a condition (device, os, country or language) or a weight.', [index])];
  });
  return [...order, ...weightFaults(objects)];
}

function weightFaults(objects: readonly (Record<string, unknown> | null)[]): Fault[] {
  const groups = new Map<string, number[]>();
  objects.forEach((entry, index) => {
    if (!entry) return;
    // The default's group ('') holds the later entries without conditions too.
    const conditions = CONDITIONS.map((c) => (entry[c] === undefined ? '' : JSON.stringify(entry[c])));
    const key = index === 0 || conditions.every((c) => c === '') ? '' : conditions.join(',');
    groups.set(key, [...(groups.get(key) ?? []), index]);
  });
  return [...groups.values()].flatMap((indexes) => {
    const weights = indexes.map((i) => objects[i]!.weight);
    if (weights.every((w) => w === undefined)) return [];
    const missing = indexes
      .filter((i) => objects[i]!.weight === undefined)
      .map((i) => fault('required', 'Every destination with the same conditions as a weighted one needs a weight.', [i, 'weight']));
    const total = weights.reduce<number>((sum, w) => sum + (typeof w === 'number' && w > 0 ? w : 0), 0);
    const zero =
      missing.length === 0 && total === 0
        ? [fault('invalid', 'The weights of destinations with the same conditions may not all be 0.', [indexes[0], 'weight'])]
        : [];
    return [...missing, ...zero];
  });
}

export const MAX_DESTINATIONS = L.destinations;
