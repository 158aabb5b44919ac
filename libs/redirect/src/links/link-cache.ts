import { type LinkRecord } from './link-record';

/**
 * Links by route key (routeKey: the short code, with the host on a custom domain), and the live gs1
 * codes by host and Digital Link path (gs1Links). In all-in-one every change to `links` passes through
 * the process and updates the cache before the API answers (read-your-writes). A redirect replica
 * among several checks a cached row's revision before relying on it: a scan's in its recording
 * transaction, any other answer's against Redis (ReplicaLinkReader). Bounded: the oldest entry goes first.
 */
export class LinkCache {
  private readonly entries = new Map<string, LinkRecord>();
  /**
   * gs1Key → the route key of the live code at that path, or null when a read found none there. A
   * resolution asks for every level up to the GTIN (a serial URI usually has no code of its own), so
   * the cache must know where there is no code too. Only reads set null (noteGs1Absent); a change only
   * sets or removes an entry, since a change to one code says nothing about another code at its path.
   */
  private readonly gs1 = new Map<string, string | null>();
  /** Raised by every change to a gs1 code: a read that began before one may not record an absence. */
  private gs1Changes = 0;

  constructor(private readonly capacity = 100_000) {}

  get(routeKey: string): LinkRecord | undefined {
    return this.entries.get(routeKey);
  }

  /**
   * Keeps the newer of the cached and the given record: a read that started before a change was
   * applied can finish after it, and must not put the old revision back (nor undelete, nor lower the
   * committed scan count).
   */
  put(link: LinkRecord): void {
    const cached = this.entries.get(link.route_key);
    if (cached && isNewer(cached, link)) return;
    if (cached && cached.scan_count > link.scan_count) link = { ...link, scan_count: cached.scan_count };
    this.entries.delete(link.route_key);
    this.entries.set(link.route_key, link);
    if (cached) this.unindexGs1(cached);
    this.indexGs1(link, !cached || cached.revision !== link.revision || cached.deleted_at !== link.deleted_at);
    if (this.entries.size > this.capacity) this.forget(this.entries.keys().next().value as string);
  }

  /** A committed scan count, so the cached row can refuse scans past the limit without a write. */
  setScanCount(routeKey: string, count: number): void {
    const link = this.entries.get(routeKey);
    if (link && count > link.scan_count) link.scan_count = count;
  }

  /** A link's old key after its short code changed: the path no longer names it. */
  forget(routeKey: string): void {
    const link = this.entries.get(routeKey);
    if (!link) return;
    this.entries.delete(routeKey);
    this.unindexGs1(link);
  }

  clear(): void {
    this.entries.clear();
    this.gs1.clear();
    this.gs1Changes += 1;
  }

  /**
   * The live gs1 codes at `paths` on a host (`domainHost` null: the shared hosts), when the cache knows
   * every path (a code or none); undefined when it does not know one of them.
   */
  gs1Links(domainHost: string | null, paths: readonly string[]): LinkRecord[] | undefined {
    const found: LinkRecord[] = [];
    for (const path of paths) {
      const at = this.gs1.get(gs1Key(domainHost, path));
      if (at === undefined) return undefined;
      if (at === null) continue;
      const link = this.entries.get(at);
      if (!link) return undefined;
      found.push(link);
    }
    return found;
  }

  /** For noteGs1Absent: taken before the read whose result it records. */
  get gs1Generation(): number {
    return this.gs1Changes;
  }

  /** A read (begun at `generation`) found no live code at these paths: recorded unless a gs1 code changed since. */
  noteGs1Absent(domainHost: string | null, paths: readonly string[], generation: number): void {
    if (generation !== this.gs1Changes) return;
    for (const path of paths) {
      const key = gs1Key(domainHost, path);
      if (this.gs1.has(key)) continue;
      this.gs1.set(key, null);
      if (this.gs1.size > this.capacity) this.gs1.delete(this.gs1.keys().next().value as string);
    }
  }

  /** `changed`: a revision the cache did not hold (not the same row read again). */
  private indexGs1(link: LinkRecord, changed: boolean): void {
    if (link.gs1_path === null) return;
    if (changed) this.gs1Changes += 1;
    const key = gs1Key(link.domain_host, link.gs1_path);
    // A deleted code leaves its path unknown (unindexGs1), not empty: another live code may hold it.
    if (link.deleted_at !== null) return;
    this.gs1.delete(key);
    this.gs1.set(key, link.route_key);
    if (this.gs1.size > this.capacity) this.gs1.delete(this.gs1.keys().next().value as string);
  }

  private unindexGs1(link: LinkRecord): void {
    if (link.gs1_path === null) return;
    const key = gs1Key(link.domain_host, link.gs1_path);
    if (this.gs1.get(key) === link.route_key) this.gs1.delete(key);
  }
}

function gs1Key(domainHost: string | null, path: string): string {
  return `${domainHost ?? ''} ${path}`;
}

function isNewer(a: LinkRecord, b: LinkRecord): boolean {
  if (a.revision !== b.revision) return a.revision > b.revision;
  return a.deleted_at !== null && b.deleted_at === null;
}
