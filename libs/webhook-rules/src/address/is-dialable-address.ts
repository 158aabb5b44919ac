import { type Cidr, cidrContains, parseCidr } from './cidr';
import { embeddedIpv4, type IpAddress, parseIpAddress } from './ip-address';
import { GLOBAL_UNICAST_IPV6, IPV4_CARRIERS, IPV4_COMPATIBLE, IPV4_MAPPED, REFUSED_IPV4, REFUSED_IPV6_GLOBAL } from './special-ranges';

/** Operator exceptions, from WEBHOOK_ALLOWED_CIDRS (e.g. `['127.0.0.0/8', '::1/128']` for a local receiver). */
export interface AddressPolicy {
  allowedCidrs: readonly string[];
}

/**
 * True when `ip` may be dialled: inside an allowed CIDR, or a publicly routable unicast address.
 * Call it on every address DNS returned and connect only to one that passed — checking the host name
 * and then letting the HTTP client resolve again is the DNS-rebinding hole. Refused: loopback,
 * RFC 1918, CGNAT, link-local (incl. metadata 169.254.169.254), 0/8, ::, ULA, multicast, broadcast,
 * reserved 240/4, documentation and benchmarking nets, 192.0.0/24, IPv6 outside 2000::/3, Teredo,
 * IPv4-compatible, and IPv4-mapped, NAT64 or 6to4 forms wrapping a refused IPv4. Not an IP → false.
 * Throws on a malformed allowed CIDR.
 *
 * @example
 * isDialableAddress('8.8.8.8', { allowedCidrs: [] }) // true
 * isDialableAddress('169.254.169.254', { allowedCidrs: [] }) // false
 * isDialableAddress('127.0.0.1', { allowedCidrs: ['127.0.0.0/8'] }) // true
 */
export function isDialableAddress(ip: string, policy: AddressPolicy): boolean {
  const address = parseIpAddress(ip.trim());
  if (address === null) return false;
  if (isAllowed(address, policy.allowedCidrs.map(parseCidr))) return true;
  return isPublicUnicast(address);
}

function isAllowed(address: IpAddress, allowed: readonly Cidr[]): boolean {
  // An allowed 127.0.0.0/8 also admits ::ffff:127.0.0.1: the socket reaches the same host.
  const forms = cidrContains(IPV4_MAPPED.range, address) ? [address, embeddedIpv4(address, IPV4_MAPPED.from)] : [address];
  return allowed.some((cidr) => forms.some((form) => cidrContains(cidr, form)));
}

function isPublicUnicast(address: IpAddress): boolean {
  if (address.version === 4) return !REFUSED_IPV4.some((cidr) => cidrContains(cidr, address));
  if (cidrContains(IPV4_COMPATIBLE, address)) return false;
  // The wrapped IPv4 address decides alone: mapped and NAT64 forms lie outside 2000::/3 yet reach it.
  const carrier = IPV4_CARRIERS.find(({ range }) => cidrContains(range, address));
  if (carrier) return isPublicUnicast(embeddedIpv4(address, carrier.from));
  return cidrContains(GLOBAL_UNICAST_IPV6, address) && !REFUSED_IPV6_GLOBAL.some((cidr) => cidrContains(cidr, address));
}
