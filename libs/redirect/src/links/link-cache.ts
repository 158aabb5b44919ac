import { type LinkRecord } from './link-record';

/**
 * Links by short code, for the all-in-one process, where every change to `links` passes through
 * this process and updates the cache before the API answers (read-your-writes). Deployments with
 * several redirect replicas read PostgreSQL instead (see docs/architecture.md). Bounded: the oldest
 * entry goes first.
 */
export class LinkCache {
  private readonly entries = new Map<string, LinkRecord>();

  constructor(private readonly capacity = 100_000) {}

  get(shortCode: string): LinkRecord | undefined {
    return this.entries.get(shortCode);
  }

  put(link: LinkRecord): void {
    this.entries.delete(link.short_code);
    this.entries.set(link.short_code, link);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  /** A committed scan count, so the cached row can refuse scans past the limit without a write. */
  setScanCount(shortCode: string, count: number): void {
    const link = this.entries.get(shortCode);
    if (link && count > link.scan_count) link.scan_count = count;
  }

  drop(shortCode: string): void {
    this.entries.delete(shortCode);
  }
}
