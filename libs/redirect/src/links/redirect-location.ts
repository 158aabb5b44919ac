import { getOrCreate } from '@qr/domain';
import { withUtm } from '@qr/visitor';
import { type UtmFields } from './link-record';

/** Locations already built, per link revision: a record's `utm` object is made with the record and never changed. */
const built = new WeakMap<UtmFields, Map<string, string>>();
const noLocations = () => new Map<string, string>();

/**
 * The `Location` a scan of this link is sent to for a chosen destination: web targets with the
 * link's UTM fields appended (`withUtm`), other schemes as they are. `withUtm` parses and rebuilds the
 * URL, which cost a redirect about 1 µs of CPU; it is a pure function of the target and the UTM fields,
 * so each link record keeps what it built, and a changed link (a new record) starts over.
 */
export function redirectLocation(target: string, utm: UtmFields): string {
  const forLink = getOrCreate(built, utm, noLocations);
  let location = forLink.get(target);
  if (location === undefined) {
    location = /^https?:/i.test(target) ? withUtm(target, utm) : target;
    // A link has a handful of destinations; the bound only guards against an unexpected caller.
    if (forLink.size >= 64) forLink.clear();
    forLink.set(target, location);
  }
  return location;
}
