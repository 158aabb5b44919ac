import { Resolver } from 'node:dns/promises';

/** Looks up TXT records; each record is a list of character-strings. */
export interface TxtResolver {
  resolveTxt(name: string): Promise<string[][]>;
}

/**
 * node:dns with optional explicit servers (`DNS_RESOLVER=127.0.0.1:5353`, used by tests to point at
 * a local responder); the system resolver otherwise.
 */
export function createTxtResolver(servers: string[] | undefined, timeoutMs = 3000): TxtResolver {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  if (servers?.length) resolver.setServers(servers);
  return { resolveTxt: (name) => resolver.resolveTxt(name) };
}
