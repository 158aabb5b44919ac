import type Redis from 'ioredis';

/**
 * Raises a key to a revision and never lowers it: two applies of one code can finish in either order,
 * and a lower value would let a replica keep the older row it cached.
 */
const RAISE = `
for i, key in ipairs(KEYS) do
  local current = tonumber(redis.call('GET', key) or '-1')
  if current < tonumber(ARGV[i]) then redis.call('SET', key, ARGV[i]) end
end
return 0`;

/**
 * The newest committed revision of each link, in Redis, for redirect replicas to check on every scan
 * (see ReplicaLinkLookup). A writer raises a code's key after its change to `links` has committed and
 * before the API answers; a replica serves its cached row only while that row's revision is at least
 * the key's. The keys have no expiry: an evicted key only costs reads of PostgreSQL until it is set
 * again, never a stale answer (a missing key is never taken as "nothing changed").
 */
export class LinkRevisions {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(shortCode: string): string {
    return `${this.prefix}link-rev:${shortCode}`;
  }

  /** One round trip for every code asked; null where Redis holds no revision. */
  async latest(shortCodes: readonly string[]): Promise<Array<number | null>> {
    const values = await this.redis.mget(shortCodes.map((c) => this.key(c)));
    return values.map((v) => (v === null ? null : Number(v)));
  }

  async raise(links: ReadonlyArray<{ route_key: string; revision: number }>): Promise<void> {
    if (links.length === 0) return;
    await this.redis.eval(RAISE, links.length, ...links.map((l) => this.key(l.route_key)), ...links.map((l) => String(l.revision)));
  }

  /**
   * Puts back a key that is missing (evicted, or Redis restarted empty) from a row read after it was
   * found missing. Only where still missing: a writer that raised it meanwhile knows better.
   */
  async restore(links: ReadonlyArray<{ route_key: string; revision: number }>): Promise<void> {
    if (links.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const l of links) pipeline.set(this.key(l.route_key), String(l.revision), 'NX');
    await pipeline.exec();
  }
}
