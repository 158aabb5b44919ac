import { type LinkRecord } from './link-record';

/**
 * Links by route key (routeKey: the short code, with the host on a custom domain). In all-in-one every change to `links` passes through the process and updates
 * the cache before the API answers (read-your-writes). A redirect replica among several checks a
 * cached row's revision before relying on it: a scan's in its recording transaction, any other
 * answer's against Redis (ReplicaLinkReader). Bounded: the oldest entry goes first.
 */
export class LinkCache {
  private readonly entries = new Map<string, LinkRecord>();

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
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  /** A committed scan count, so the cached row can refuse scans past the limit without a write. */
  setScanCount(routeKey: string, count: number): void {
    const link = this.entries.get(routeKey);
    if (link && count > link.scan_count) link.scan_count = count;
  }

  /** A link's old key after its short code changed: the path no longer names it. */
  forget(routeKey: string): void {
    this.entries.delete(routeKey);
  }

  clear(): void {
    this.entries.clear();
  }
}

function isNewer(a: LinkRecord, b: LinkRecord): boolean {
  if (a.revision !== b.revision) return a.revision > b.revision;
  return a.deleted_at !== null && b.deleted_at === null;
}
