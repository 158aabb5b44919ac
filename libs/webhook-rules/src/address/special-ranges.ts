import { SPECIAL_PURPOSE_IPV4 } from '@qr/domain';
import { type Cidr, parseCidr } from './cidr';

/** IPv4 ranges a webhook may never reach; anything outside them is public unicast. */
export const REFUSED_IPV4: readonly Cidr[] = SPECIAL_PURPOSE_IPV4.map(parseCidr);

/*
 * IPv6 is judged by allowlist: only global unicast 2000::/3 can be public, which alone refuses ::,
 * ::1, fc00::/7 (ULA), fe80::/10 (link-local), fec0::/10, ff00::/8 (multicast), 100::/64 (discard)
 * and 64:ff9b:1::/48 (local NAT64). Inside 2000::/3 these are still refused:
 */
export const REFUSED_IPV6_GLOBAL: readonly Cidr[] = [
  '2001::/23', // IETF protocol assignments: Teredo 2001::/32, benchmarking 2001:2::/48, ORCHID
  '2001:db8::/32', // documentation
  '3fff::/20', // documentation (RFC 9637)
].map(parseCidr);

export const GLOBAL_UNICAST_IPV6: Cidr = parseCidr('2000::/3');

/*
 * IPv6 forms that carry an IPv4 address: a socket, a NAT64 gateway or a 6to4 relay ends up at that
 * IPv4 address, so it is judged as IPv4. `from` is the bit offset of the embedded address.
 */
export interface Ipv4Carrier {
  range: Cidr;
  from: number;
}

/** `::ffff:a.b.c.d`: what a dual-stack socket shows for an IPv4 peer. */
export const IPV4_MAPPED: Ipv4Carrier = { range: parseCidr('::ffff:0:0/96'), from: 96 };

export const IPV4_CARRIERS: readonly Ipv4Carrier[] = [
  IPV4_MAPPED,
  { range: parseCidr('64:ff9b::/96'), from: 96 }, // NAT64 well-known prefix (RFC 6052)
  { range: parseCidr('2002::/16'), from: 16 }, // 6to4 (RFC 3056)
];

/** IPv4-compatible `::a.b.c.d` (deprecated by RFC 4291, never routed): refused outright, whatever it wraps. */
export const IPV4_COMPATIBLE: Cidr = parseCidr('::/96');
