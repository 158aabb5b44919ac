import { type LinkRecord } from './link-record';

/** Where the short-link route gets its links (built in redirect.module). */
export interface LinkSource {
  /** The link with every change committed before the call (read-your-writes): for any answer. */
  find(routeKey: string): Promise<LinkRecord | null>;
  /**
   * The link as this process holds it, maybe older than the last change, without asking anyone: only
   * for a scan, whose recording transaction counts it only if the row is still that revision.
   */
  cached(routeKey: string): LinkRecord | undefined;
  /** The link as stored now, past any cache: for a scan its recording found stale. */
  reread(routeKey: string): Promise<LinkRecord | null>;
}
