import { isIPv6 } from 'node:net';
import { parseIpv4 } from './ipv4';

// Proxies sometimes keep the port: "203.0.113.7:51234", "[2001:db8::1]:443".
const BRACKETED = /^\[([^\]]+)\](?::\d{1,5})?$/;
const IPV4_WITH_PORT = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/;
// IPv4-mapped IPv6, as a dual-stack socket reports an IPv4 peer: "::ffff:1.2.3.4".
const IPV4_MAPPED = /^(?:::|(?:0{1,4}:){5})ffff:(\d{1,3}(?:\.\d{1,3}){3})$/;

/**
 * The client address: the socket's, or with trustProxy the first entry of X-Forwarded-For;
 * IPv4-mapped IPv6 unwrapped. Null when the chosen value is not an IP address.
 *
 * Without trustProxy the header is ignored: anyone can send it. With trustProxy the proxy in front
 * must set the header itself (overwrite, not append), since the first entry is what the client
 * claims when a proxy only appends. A missing or blank header falls back to the socket address.
 *
 * @example clientIp('::ffff:10.0.0.5', '198.51.100.7, 10.0.0.5', true) // '198.51.100.7'
 * @example clientIp('::ffff:10.0.0.5', '198.51.100.7', false) // '10.0.0.5'
 */
export function clientIp(remoteAddress: string | undefined, forwardedFor: string | undefined, trustProxy: boolean): string | null {
  const header = trustProxy ? forwardedFor?.trim() : undefined;
  const chosen = header ? header.split(',')[0] : remoteAddress;
  return chosen === undefined ? null : normaliseAddress(chosen);
}

function normaliseAddress(raw: string): string | null {
  // The usual case, a plain IPv4 socket address, needs none of the unwrapping below.
  if (parseIpv4(raw) !== null) return raw;
  let address = raw.trim();
  address = BRACKETED.exec(address)?.[1] ?? IPV4_WITH_PORT.exec(address)?.[1] ?? address;
  address = address.toLowerCase();
  address = IPV4_MAPPED.exec(address)?.[1] ?? address;
  if (parseIpv4(address) !== null) return address;
  return isIPv6(address) ? address : null;
}
