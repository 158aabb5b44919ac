import { type LinkCache } from './link-cache';
import { type LinkRecord } from './link-record';

/** Where the GS1 resolver gets the live gs1 codes of a request's levels (built in redirect.module). */
export interface Gs1CodeSource {
  /** The same as `find` when this process holds the answer, without waiting on anything; else undefined. */
  cached(domainHost: string | null, paths: readonly string[]): LinkRecord[] | undefined;
  /** The live gs1 codes at `paths` on a host (`domainHost` null: the shared hosts), with every change committed before the call. */
  find(domainHost: string | null, paths: readonly string[]): Promise<LinkRecord[]>;
  /** The same as stored now, past any cache: for a resolution its recording found stale. */
  reread(domainHost: string | null, paths: readonly string[]): Promise<LinkRecord[]>;
}

/**
 * gs1 codes from the all-in-one's link cache, which every change passes through before the API
 * answers (as a short link's `find` there): a resolution reads nothing while the cache knows each of
 * its paths, a code or none. A path it does not know is read with the others of the request, and the
 * paths with no code are remembered unless a gs1 code changed meanwhile.
 */
export class CachedGs1Codes implements Gs1CodeSource {
  constructor(
    private readonly cache: LinkCache,
    private readonly read: (domainHost: string | null, paths: readonly string[]) => Promise<LinkRecord[]>,
  ) {}

  cached(domainHost: string | null, paths: readonly string[]): LinkRecord[] | undefined {
    return this.cache.gs1Links(domainHost, paths);
  }

  async find(domainHost: string | null, paths: readonly string[]): Promise<LinkRecord[]> {
    return this.cache.gs1Links(domainHost, paths) ?? this.reread(domainHost, paths);
  }

  async reread(domainHost: string | null, paths: readonly string[]): Promise<LinkRecord[]> {
    const generation = this.cache.gs1Generation;
    const read = await this.read(domainHost, paths);
    this.cache.noteGs1Absent(
      domainHost,
      paths.filter((path) => !read.some((link) => link.gs1_path === path)),
      generation,
    );
    for (const link of read) this.cache.put(link);
    // The cache may hold a newer row than this read (a change applied meanwhile).
    return this.cache.gs1Links(domainHost, paths) ?? read;
  }
}
