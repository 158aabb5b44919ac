import { isIP } from 'node:net';

/** An IP address as a number: 32 bits for IPv4, 128 for IPv6, so ranges are plain bit prefixes. */
export interface IpAddress {
  version: 4 | 6;
  bits: bigint;
}

export const ADDRESS_WIDTH: Readonly<Record<4 | 6, number>> = { 4: 32, 6: 128 };

/**
 * Parses a textual IPv4 or IPv6 address (optionally bracketed, as in `URL.hostname`), or null.
 * Node's `isIP` is the gate: it takes only canonical dotted decimal (no `0x7f.1`, no leading zeros —
 * those forms are WHATWG URL's job) and refuses junk. Zone ids (`fe80::1%eth0`) are refused: a
 * scoped address is link-local by definition.
 *
 * @example
 * parseIpAddress('[::ffff:127.0.0.1]') // { version: 6, bits: 0xffff7f000001n }
 */
export function parseIpAddress(text: string): IpAddress | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (bare.includes('%')) return null;
  const version = isIP(bare);
  if (version === 4) return { version: 4, bits: ipv4Bits(bare) };
  if (version === 6) return { version: 6, bits: ipv6Bits(bare) };
  return null;
}

function ipv4Bits(text: string): bigint {
  return text.split('.').reduce((acc, octet) => (acc << 8n) | BigInt(Number(octet)), 0n);
}

function ipv6Bits(text: string): bigint {
  const groups = ipv6Groups(text);
  return groups.reduce((acc, group) => (acc << 16n) | BigInt(parseInt(group, 16)), 0n);
}

/** The eight 16-bit groups of a valid IPv6 text, with `::` expanded and a dotted IPv4 tail converted. */
function ipv6Groups(text: string): string[] {
  let body = text;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(body);
  if (dotted) {
    const v4 = Number(ipv4Bits(dotted[1]));
    body = body.slice(0, dotted.index) + `${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head, tail] = body.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  return tail === undefined ? left : [...left, ...Array<string>(missing).fill('0'), ...right];
}

/** The 32-bit IPv4 address held in `bits` of an IPv6 address starting at bit offset `from` (from the top). */
export function embeddedIpv4(address: IpAddress, from: number): IpAddress {
  const shift = BigInt(128 - from - 32);
  return { version: 4, bits: (address.bits >> shift) & 0xffffffffn };
}
