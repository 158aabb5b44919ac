import { lookup } from 'node:dns/promises';
import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';

/** Every address a host name resolves to (IPv4 and IPv6); an IP literal resolves to itself. */
export type HostResolver = (host: string) => Promise<string[]>;

/**
 * With explicit DNS servers (DNS_RESOLVER; tests point it at a local responder) names are asked of
 * them; otherwise the system resolver (which also reads /etc/hosts) is used.
 */
export function createHostResolver(servers: string[] | undefined): HostResolver {
  if (!servers?.length) {
    return async (host) => (isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address));
  }
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  resolver.setServers(servers);
  return async (host) => {
    if (isIP(host)) return [host];
    const [v4, v6] = await Promise.all([resolver.resolve4(host).catch(() => [] as string[]), resolver.resolve6(host).catch(() => [] as string[])]);
    const all = [...v4, ...v6];
    if (!all.length) throw Object.assign(new Error(`${host} does not resolve`), { code: 'ENOTFOUND' });
    return all;
  };
}
