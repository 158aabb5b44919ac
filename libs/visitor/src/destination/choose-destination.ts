import type { Destination } from '@qr/qr-content';
import type { Visitor } from '../visitor';

/**
 * The first later destination whose given conditions all match the visitor; else the first
 * (default). A visitor whose country or language is unknown matches no condition on it.
 *
 * A later entry without any condition is skipped: validation refuses it, and if one slipped into
 * storage it would otherwise send every scanner away from the default.
 *
 * @throws RangeError when `destinations` is empty (validation requires at least one).
 * @example
 * chooseDestination(
 *   [{ target_url: 'https://a.example' }, { target_url: 'https://b.example/de', country: 'DE' }],
 *   { ...visitor, country: 'DE' },
 * ) // { target_url: 'https://b.example/de', country: 'DE' }
 */
export function chooseDestination<D extends Destination>(destinations: readonly D[], visitor: Visitor): D {
  if (destinations.length === 0) throw new RangeError('A dynamic code needs at least one destination');
  const match = destinations.slice(1).find((destination) => matches(destination, visitor));
  return match ?? destinations[0];
}

function matches(destination: Destination, visitor: Visitor): boolean {
  const { device, os, country, language } = destination;
  if (device === undefined && os === undefined && country === undefined && language === undefined) return false;
  // Stored codes are validated as uppercase / lowercase; comparing case-insensitively costs nothing.
  return (
    (device === undefined || device === visitor.device) &&
    (os === undefined || os === visitor.osKey) &&
    (country === undefined || country.toUpperCase() === visitor.country) &&
    (language === undefined || language.toLowerCase() === visitor.language)
  );
}
