import { countryOfIp } from './country-of-ip';

const TWO_LETTERS = /^[A-Z]{2}$/;
// Codes proxies send when they do not know a country: Cloudflare's XX (unknown) and T1 (Tor),
// MaxMind's legacy A1/A2/O1 (anonymous proxy, satellite, other) and EU/AP (continents), and the
// user-assigned ZZ. The ones with digits fail the two-letter rule anyway; listed for the reader.
const NOT_A_COUNTRY: ReadonlySet<string> = new Set(['XX', 'ZZ', 'EU', 'AP', 'T1', 'A1', 'A2', 'O1']);

/**
 * Country from the trusted proxy header when configured and trusted, else from the IP.
 *
 * `geoHeaderValue` is the value of the `GEO_HEADER` header, undefined when the header is not
 * configured or absent. It counts only with `trustProxy`: otherwise the client could pick its own
 * country. A trusted non-blank value decides alone: two letters in any case → uppercased; 'XX',
 * 'T1', 'A1', 'A2', 'O1' and junk → null, since the proxy knew better than the database did.
 *
 * @example resolveCountry({ ip: '8.8.8.8', geoHeaderValue: 'de', trustProxy: true }) // 'DE'
 * @example resolveCountry({ ip: '8.8.8.8', geoHeaderValue: 'DE', trustProxy: false }) // 'US'
 */
export function resolveCountry(o: { ip: string | null; geoHeaderValue: string | undefined; trustProxy: boolean }): string | null {
  const header = o.trustProxy ? o.geoHeaderValue?.trim() : undefined;
  if (!header) return countryOfIp(o.ip);
  const code = header.toUpperCase();
  return TWO_LETTERS.test(code) && !NOT_A_COUNTRY.has(code) ? code : null;
}
