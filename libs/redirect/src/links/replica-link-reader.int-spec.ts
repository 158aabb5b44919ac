import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { type Database, openDatabase } from '@qr/persistence';
import { provisionStorage, TEST_REDIS_URL, type TestStorage } from '@qr/testing';
import { REDIRECT_MIGRATIONS } from '../store/redirect-migrations';
import { ApplyCodeChanges } from './apply-code-changes';
import { LinkCache } from './link-cache';
import { type LinkRecord } from './link-record';
import { LinkRevisions } from './link-revisions';
import { LinksRepository } from './links.repository';
import { ReplicaLinkReader } from './replica-link-reader';

function snapshot(target: string, revision: number, patch: Record<string, unknown> = {}) {
  return {
    id: 'qr_replica1',
    short_code: 'Rep1',
    workspace_id: 'ws_1',
    client_ref: null,
    domain_host: null,
    type: 'website',
    category: 'dynamic',
    status: 'active',
    content: { url: target },
    destinations: [{ target_url: target }],
    timezone: 'UTC',
    scan_limit: null,
    revision,
    updated_at: revision,
    ...patch,
  };
}

/** Two replicas' worth of parts on one PostgreSQL database and one Redis: what each replica process builds. */
describe('redirect replicas: cached links checked against revisions in Redis (PostgreSQL, Redis)', () => {
  let provisioned: TestStorage;
  let db: Database;
  let redis: Redis;
  const prefix = `test:${randomBytes(6).toString('hex')}:`;
  let reads: string[][];

  function replica() {
    const cache = new LinkCache();
    const revisions = new LinkRevisions(redis, prefix);
    const links = new LinksRepository(db);
    const reader = new ReplicaLinkReader(cache, revisions, (codes) => {
      reads.push(codes);
      return links.findByRouteKeys(codes);
    });
    reader.redisConnected();
    return {
      reader,
      apply: new ApplyCodeChanges(db, links, cache, revisions),
      find: async (code: string) => (await reader.read([code]))[0] as LinkRecord | undefined,
    };
  }

  beforeAll(async () => {
    provisioned = await provisionStorage('postgres');
    db = await openDatabase({ name: 'redirect', storage: provisioned.storage, migrations: REDIRECT_MIGRATIONS, runMigrations: true });
    redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  });
  beforeEach(() => (reads = []));
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await db.close();
    await provisioned.cleanup();
  });

  it('serves a cached row only while Redis holds no newer revision: a change applied on one replica is read by the other on its next lookup', async () => {
    const [a, b] = [replica(), replica()];
    await a.apply.execute([{ kind: 'upsert', snapshot: snapshot('https://example.com/1', 1) }]);
    expect((await b.find('Rep1'))?.destinations[0].target_url).toBe('https://example.com/1');
    expect(reads).toEqual([['Rep1']]);
    // Cached and current: no read of PostgreSQL.
    expect((await b.find('Rep1'))?.destinations[0].target_url).toBe('https://example.com/1');
    expect(reads).toHaveLength(1);
    for (let revision = 2; revision <= 30; revision++) {
      await a.apply.execute([{ kind: 'upsert', snapshot: snapshot(`https://example.com/${revision}`, revision) }]);
      expect((await b.find('Rep1'))?.destinations[0].target_url).toBe(`https://example.com/${revision}`);
      expect((await a.find('Rep1'))?.destinations[0].target_url).toBe(`https://example.com/${revision}`);
    }
    // b read PostgreSQL once per change; a had each change in its cache already.
    expect(reads).toHaveLength(1 + 29);
    await a.apply.execute([{ kind: 'delete', qr_id: 'qr_replica1', revision: 31 }]);
    expect((await b.find('Rep1'))?.deleted_at).not.toBeNull();
  });

  it('never lowers a revision in Redis when two applies finish out of order', async () => {
    const revisions = new LinkRevisions(redis, prefix);
    await revisions.raise([{ route_key: 'Ord1', revision: 7 }]);
    await revisions.raise([{ route_key: 'Ord1', revision: 5 }]);
    expect(await revisions.latest(['Ord1', 'Never'])).toEqual([7, null]);
  });

  it('reads PostgreSQL for a code whose key is gone (evicted, Redis restarted empty) and puts the key back', async () => {
    const a = replica();
    await a.apply.execute([{ kind: 'upsert', snapshot: snapshot('https://example.com/k', 40, { id: 'qr_replica2', short_code: 'Rep2' }) }]);
    await redis.del(`${prefix}link-rev:Rep2`);
    expect((await a.find('Rep2'))?.revision).toBe(40);
    expect(reads).toEqual([['Rep2']]);
    await new Promise((r) => setTimeout(r, 50));
    expect(await redis.get(`${prefix}link-rev:Rep2`)).toBe('40');
    await a.find('Rep2');
    expect(reads).toHaveLength(1);
  });

  it('without Redis reads every lookup from PostgreSQL and forgets its cache, so nothing cached before the outage is trusted after it', async () => {
    const [a, b] = [replica(), replica()];
    await a.apply.execute([{ kind: 'upsert', snapshot: snapshot('https://example.com/before', 50, { id: 'qr_replica3', short_code: 'Rep3' }) }]);
    await b.find('Rep3');
    b.reader.redisLost();
    // A writer that could not raise the revision (Redis was down for it too) commits a change.
    await new ApplyCodeChanges(db, new LinksRepository(db), null, null).execute([
      { kind: 'upsert', snapshot: snapshot('https://example.com/during', 51, { id: 'qr_replica3', short_code: 'Rep3' }) },
    ]);
    reads = [];
    expect((await b.find('Rep3'))?.destinations[0].target_url).toBe('https://example.com/during');
    expect((await b.find('Rep3'))?.destinations[0].target_url).toBe('https://example.com/during');
    expect(reads).toHaveLength(2);
    // Back: Redis still says 50, but the cache was dropped, so b reads the row again.
    b.reader.redisConnected();
    expect((await b.find('Rep3'))?.revision).toBe(51);
  });

  it('gives scans the cached row unchecked, with Redis or without, and rereads a row a scan found stale', async () => {
    const [a, b] = [replica(), replica()];
    await a.apply.execute([{ kind: 'upsert', snapshot: snapshot('https://example.com/s1', 60, { id: 'qr_replica4', short_code: 'Rep4' }) }]);
    expect(b.reader.cached('Rep4')).toBeUndefined();
    await b.find('Rep4');
    reads = [];
    // Unchecked: a change b has not heard of leaves its cached row as it was (the scan's recording checks it).
    await a.apply.execute([{ kind: 'upsert', snapshot: snapshot('https://example.com/s2', 61, { id: 'qr_replica4', short_code: 'Rep4' }) }]);
    expect(b.reader.cached('Rep4')?.revision).toBe(60);
    expect(reads).toEqual([]);
    expect((await b.reader.reread(['Rep4']))[0]?.revision).toBe(61);
    expect(b.reader.cached('Rep4')?.revision).toBe(61);
    expect(b.reader.tally).toMatchObject({ cache_checked_at_commit: 2, database_after_stale_scan: 1 });
    // Without Redis, rows read still serve scans; `read` itself keeps reading PostgreSQL.
    b.reader.redisLost();
    await a.apply.execute([{ kind: 'upsert', snapshot: snapshot('https://example.com/s3', 62, { id: 'qr_replica4', short_code: 'Rep4' }) }]);
    expect((await b.find('Rep4'))?.revision).toBe(62);
    expect(b.reader.cached('Rep4')?.revision).toBe(62);
    // Redis back: the whole cache goes (a writer may have raised keys this replica did not see).
    b.reader.redisConnected();
    expect(b.reader.cached('Rep4')).toBeUndefined();
  });

  it('treats a Redis that fails a read as gone for that lookup: the answer comes from PostgreSQL', async () => {
    const broken = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 0, enableOfflineQueue: false, lazyConnect: true, retryStrategy: () => null });
    const cache = new LinkCache();
    const reader = new ReplicaLinkReader(cache, new LinkRevisions(broken, prefix), (codes) => new LinksRepository(db).findByRouteKeys(codes));
    reader.redisConnected();
    const [found] = await reader.read(['Rep1']);
    expect(found?.short_code).toBe('Rep1');
    broken.disconnect();
  });
});
