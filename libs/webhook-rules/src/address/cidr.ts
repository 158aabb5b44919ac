import { ADDRESS_WIDTH, type IpAddress, parseIpAddress } from './ip-address';

/** A range as an address and a prefix length. */
export interface Cidr {
  network: IpAddress;
  prefix: number;
}

/**
 * Parses `a.b.c.d/n` or `x::y/n`; a bare address means that single host. Throws on anything else,
 * because a mistyped WEBHOOK_ALLOWED_CIDRS entry must be seen by the operator, not silently ignored.
 *
 * @example
 * parseCidr('127.0.0.0/8') // { network: { version: 4, bits: 0x7f000000n }, prefix: 8 }
 */
export function parseCidr(text: string): Cidr {
  const [address, prefixText, extra] = text.trim().split('/');
  const network = parseIpAddress(address);
  const width = network ? ADDRESS_WIDTH[network.version] : 0;
  const prefix = prefixText === undefined ? width : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (network === null || extra !== undefined || !(prefix >= 0 && prefix <= width)) {
    throw new Error(`invalid CIDR ${JSON.stringify(text)} (expected e.g. 10.0.0.0/8 or fd00::/8)`);
  }
  return { network, prefix };
}

/**
 * True when `address` lies inside `cidr` (same IP version, same leading `prefix` bits).
 *
 * @example
 * cidrContains(parseCidr('10.0.0.0/8'), parseIpAddress('10.1.2.3')!) // true
 */
export function cidrContains(cidr: Cidr, address: IpAddress): boolean {
  if (cidr.network.version !== address.version) return false;
  const hostBits = BigInt(ADDRESS_WIDTH[address.version] - cidr.prefix);
  return cidr.network.bits >> hostBits === address.bits >> hostBits;
}
