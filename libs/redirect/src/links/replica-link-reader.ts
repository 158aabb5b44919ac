import { type LinkCache } from './link-cache';
import { type LinkRecord } from './link-record';
import { type LinkRevisions } from './link-revisions';

/**
 * How a redirect replica finds links when other replicas apply changes too.
 *
 * A scan (GET, counted) takes the cached row as it is (`cached`): its recording transaction counts it
 * only if the row is still that revision, and a stale scan is judged again on a row read past the
 * cache (`reread`). No Redis round trip on that path, with or without Redis.
 *
 * Every other answer (HEAD, a closed or missing code, a vCard download, a form) uses `read`: the
 * cached row when it is at least the revision Redis holds for the code, PostgreSQL otherwise. Called
 * with the codes of one turn of the event loop (BatchedLinkLookup), so a turn costs one MGET, plus one
 * read of PostgreSQL for the codes whose cached row is missing or older.
 *
 * Why a scan after a PATCH's 200 never sees the old row: the writer raises the code's key after the
 * change committed and before the API answers; the MGET is sent after the scan arrived, so it sees the
 * raised key; a cached row older than it is not used, and the read that replaces it starts after the
 * commit. No message has to arrive for this (nothing is pushed to replicas), so a replica that is
 * starting, or was cut off, cannot miss one.
 *
 * Without Redis (an error, a timeout, not connected yet, or none configured) `read` reads every code
 * from PostgreSQL, and the whole cache is dropped when Redis goes and again when it comes back: while
 * this replica could not see the keys, a writer may have raised one it will not know was raised (or
 * Redis may have restarted without it). Rows read meanwhile still fill the cache, for scans only (they
 * check their row at commit); `read` trusts no cached row until Redis is back, and the drop at its
 * return removes them. A read that began before a drop does not fill the cache after it.
 */
export class ReplicaLinkReader {
  private generation = 0;
  private redisUsable = false;
  /**
   * For /metrics: lookups answered from the cache (revision checked in Redis, or by the scan's own
   * transaction), and codes read from PostgreSQL (with and without Redis, and for a scan found stale).
   */
  readonly tally = { cache: 0, cache_checked_at_commit: 0, database: 0, database_without_redis: 0, database_after_stale_scan: 0 };

  constructor(
    private readonly cache: LinkCache,
    /** Null when no Redis is configured: `read` then always reads PostgreSQL. */
    private readonly revisions: LinkRevisions | null,
    private readonly readLinks: (shortCodes: string[]) => Promise<LinkRecord[]>,
  ) {}

  /** Called when the Redis connection is (re)established: only keys read from now on are trusted. */
  redisConnected(): void {
    this.forgetAll();
    this.redisUsable = true;
  }

  /** Called when the Redis connection is lost. */
  redisLost(): void {
    this.redisUsable = false;
    this.forgetAll();
  }

  /** The cached row, unchecked: for a scan, whose recording transaction checks its revision. */
  cached(shortCode: string): LinkRecord | undefined {
    const link = this.cache.get(shortCode);
    if (link) this.tally.cache_checked_at_commit += 1;
    return link;
  }

  /**
   * The rows as stored now (scans found their rows stale), kept in the cache for the scans after them.
   * Called with the codes of one turn of the event loop (a BatchedLinkLookup of its own): a change to a
   * busy code makes a whole batch of its scans stale at once.
   */
  async reread(shortCodes: string[]): Promise<LinkRecord[]> {
    const generation = this.generation;
    this.tally.database_after_stale_scan += shortCodes.length;
    const read = await this.readLinks(shortCodes);
    if (generation !== this.generation) return read;
    return read.map((link) => {
      this.cache.put(link);
      return this.cache.get(link.route_key) ?? link;
    });
  }

  async read(shortCodes: string[]): Promise<LinkRecord[]> {
    const generation = this.generation;
    const revisions = await this.latestRevisions(shortCodes);
    const answers: LinkRecord[] = [];
    const unsure: string[] = [];
    shortCodes.forEach((code, i) => {
      const cached = revisions && this.cache.get(code);
      const revision = revisions?.[i];
      if (cached && revision !== null && revision !== undefined && cached.revision >= revision) answers.push(cached);
      else unsure.push(code);
    });
    this.tally.cache += answers.length;
    if (unsure.length === 0) return answers;
    this.tally[revisions ? 'database' : 'database_without_redis'] += unsure.length;
    const read = await this.readLinks(unsure);
    const revisionOf = new Map(shortCodes.map((code, i) => [code, revisions?.[i] ?? null]));
    const missingKeys: LinkRecord[] = [];
    for (const link of read) {
      if (generation !== this.generation) {
        answers.push(link);
        continue;
      }
      this.cache.put(link);
      // The cache may hold a newer row than this read (a change this replica applied meanwhile).
      answers.push(this.cache.get(link.route_key) ?? link);
      if (revisions && revisionOf.get(link.route_key) === null) missingKeys.push(link);
    }
    if (missingKeys.length) this.revisions?.restore(missingKeys).catch(() => this.redisLost());
    return answers;
  }

  private async latestRevisions(shortCodes: string[]): Promise<Array<number | null> | null> {
    if (!this.redisUsable || !this.revisions) return null;
    try {
      return await this.revisions.latest(shortCodes);
    } catch {
      this.forgetAll();
      return null;
    }
  }

  private forgetAll(): void {
    this.generation += 1;
    this.cache.clear();
  }
}
