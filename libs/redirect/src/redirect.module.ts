import { type DynamicModule, Module } from '@nestjs/common';
import Redis from 'ioredis';
import { Counter } from 'prom-client';
import { type LinkChange, REDIRECT_COMMANDS } from '@qr/contracts';
import { EventConsumers, InProcessRateLimiter, type PlatformRuntime, RedisRateLimiter, serviceStoreProvider, type ServiceStore } from '@qr/platform';
import { countryOfIp, UserAgentClassifier } from '@qr/visitor';
import { Gs1ResolverRoute } from './http/gs1-resolver.route';
import { ShortLinkRoute } from './http/short-link.route';
import { PasswordGateEvents } from './scans/password-gate-events';
import { SubmitLead } from './leads/submit-lead';
import { ApplyCodeChanges } from './links/apply-code-changes';
import { BatchedLinkLookup } from './links/batched-link-lookup';
import { subscribeToCodeChanges } from './links/code-changes.consumer';
import { CachedGs1Codes, type Gs1CodeSource } from './links/gs1-code-source';
import { LinkCache } from './links/link-cache';
import { type LinkRecord } from './links/link-record';
import { LinkRevisions } from './links/link-revisions';
import { type LinkSource } from './links/link-source';
import { LinksRepository } from './links/links.repository';
import { ReplicaLinkReader } from './links/replica-link-reader';
import { DailySalts } from './scans/daily-salts';
import { ScanRecorder } from './scans/scan-recorder';
import { REDIRECT_MIGRATIONS } from './store/redirect-migrations';

export const REDIRECT_STORE = Symbol('REDIRECT_STORE');
export const REDIRECT_STORE_SPEC = { name: 'redirect', migrations: REDIRECT_MIGRATIONS, withOutbox: true };
const REDIRECT_PARTS = Symbol('REDIRECT_PARTS');

interface RedirectParts {
  apply: ApplyCodeChanges;
  /** Closes what the parts opened (Redis) when the application shuts down. */
  onApplicationShutdown(): void;
}

/**
 * redirect-service: the routing table, short links on the short host and custom domains, opening
 * rules, exact scan limits, hosted pages, scan recording. The scan path is a fast route, not a
 * Nest controller.
 */
@Module({})
export class RedirectModule {
  static register(runtime: PlatformRuntime): DynamicModule {
    return {
      module: RedirectModule,
      providers: [
        serviceStoreProvider(REDIRECT_STORE, runtime, REDIRECT_STORE_SPEC),
        { provide: REDIRECT_PARTS, inject: [REDIRECT_STORE], useFactory: (store: ServiceStore) => buildRedirect(runtime, store) },
        {
          provide: EventConsumers,
          inject: [REDIRECT_PARTS],
          // On the front in all-in-one: it keeps the front's link cache in step.
          useFactory: (parts: RedirectParts) => new EventConsumers(runtime, [() => subscribeToCodeChanges(runtime.eventLog, parts.apply)], 'front'),
        },
      ],
    };
  }
}

function buildRedirect(runtime: PlatformRuntime, store: ServiceStore): RedirectParts {
  const { config } = runtime;
  // The IP database loads on first use (~25 ms): pay that at boot, not on the first scan.
  countryOfIp('8.8.8.8');
  const links = new LinksRepository(store.db);
  const readStored = (keys: string[]) => links.findByRouteKeys(keys);
  // All-in-one sees every change, so its cache needs no check. A replica among several checks each
  // cached row: a scan's in its recording transaction (ScanRecorder), any other answer's against Redis
  // (ReplicaLinkReader), which without Redis reads PostgreSQL. Either way the lookups of one turn of
  // the event loop are read together.
  const redis = config.allInOne || !config.redisUrl ? null : connectRedis(runtime, config.redisUrl);
  const revisions = redis ? new LinkRevisions(redis, config.redisKeyPrefix) : null;
  const cache = new LinkCache();
  const replica = config.allInOne ? null : new ReplicaLinkReader(cache, revisions, readStored);
  if (redis && replica) {
    redis.on('ready', () => replica.redisConnected());
    redis.on('close', () => replica.redisLost());
    runtime.health.add({ name: 'redis', optional: true, check: async () => void (await redis.ping()) });
  }
  const lookups = new BatchedLinkLookup(replica ? (codes) => replica.read(codes) : readStored);
  const rereads = new BatchedLinkLookup(replica ? (codes) => replica.reread(codes) : readStored);
  // The cache may hold a newer row than a read that finished after a change was applied.
  const cacheRead = (link: LinkRecord | null) => (link ? (cache.put(link), cache.get(link.route_key) ?? link) : null);
  const linkSource: LinkSource = replica
    ? { find: (code) => lookups.find(code), cached: (code) => replica.cached(code), reread: (code) => rereads.find(code) }
    : {
        find: async (code) => cache.get(code) ?? cacheRead(await lookups.find(code)),
        cached: (code) => cache.get(code),
        reread: async (code) => cacheRead(await rereads.find(code)),
      };
  // A replica's cache cannot say that no code exists at a path (another replica may have just made
  // one), and a resolution's recording checks only the code it scanned: a replica reads every time.
  const readGs1 = (domainHost: string | null, paths: readonly string[]) => links.findGs1(domainHost, paths);
  const gs1Codes: Gs1CodeSource = replica ? { cached: () => undefined, find: readGs1, reread: readGs1 } : new CachedGs1Codes(cache, readGs1);
  const apply = new ApplyCodeChanges(store.db, links, cache, revisions);
  const recorder = new ScanRecorder(store.db, store.outbox!, runtime.logger, {
    onCounted: (link, count) => cache.setScanCount(link.route_key, count),
  });
  // Tallied in a plain map and handed to prom-client when scraped: its `inc` hashes the label object on every call.
  const scans = new Map<string, number>();
  new Counter({
    name: 'qr_scans_total',
    help: 'Short-link requests by outcome',
    labelNames: ['outcome'],
    registers: [runtime.metrics.registry],
    collect() {
      for (const [outcome, n] of scans) this.inc({ outcome }, n);
      scans.clear();
    },
  });
  if (replica) {
    new Counter({
      name: 'qr_link_lookups_total',
      help: 'Short-code lookups of a redirect replica by where the link came from: its cache (revision checked in Redis, or a scan judged first by its cached row, checked by its recording transaction) or PostgreSQL',
      labelNames: ['source'],
      registers: [runtime.metrics.registry],
      collect() {
        for (const [source, n] of Object.entries(replica.tally)) if (n) this.inc({ source }, n);
        for (const source of Object.keys(replica.tally) as Array<keyof typeof replica.tally>) replica.tally[source] = 0;
      },
    });
  }
  const sharedHosts = new Set(['localhost', '127.0.0.1', '::1', new URL(config.shortBaseUrl).hostname, new URL(config.publicBaseUrl).hostname]);
  // What both routes need to record a scan.
  const scanning = {
    recorder,
    salts: new DailySalts(store.db),
    classifier: new UserAgentClassifier(),
    sharedHosts,
    trustProxy: config.trustProxy,
    geoHeader: config.geoHeader,
    onScan: (outcome: string) => scans.set(outcome, (scans.get(outcome) ?? 0) + 1),
  };
  runtime.fastRoutes.push(
    // GS1 Digital Link paths (`/01/…`) are reserved for the resolver (docs/design/switching.md).
    new Gs1ResolverRoute({ codes: gs1Codes, ...scanning }),
    new ShortLinkRoute({
      links: linkSource,
      submitLead: new SubmitLead(store.db, store.outbox!),
      passwordGate: new PasswordGateEvents(store.db, store.outbox!),
      unlockLimiter: redis ? new RedisRateLimiter(redis, `${config.redisKeyPrefix}rd:`, runtime.logger) : new InProcessRateLimiter(),
      ...scanning,
    }),
  );
  runtime.commands.register(REDIRECT_COMMANDS.applyCodeChanges, (payload) =>
    apply.execute(((payload as { changes?: LinkChange[] }).changes ?? []) as LinkChange[]),
  );
  runtime.commands.register(REDIRECT_COMMANDS.scanCounts, async (payload) => {
    const p = (payload ?? {}) as { workspace_id?: unknown; qr_ids?: unknown };
    // No workspace, no counts: a caller never sees another workspace's. An older qr-service names none and shows its own counts.
    return typeof p.workspace_id === 'string' ? links.scanCounts(p.workspace_id, stringsIn(p.qr_ids)) : {};
  });
  return { apply, onApplicationShutdown: () => redis?.disconnect() };
}

/** At most 1,000 strings of a command's list: the ids of one page or one bulk of codes. */
function stringsIn(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').slice(0, 1000) : [];
}

/**
 * Fails fast rather than queueing while disconnected: a scan then reads PostgreSQL instead of waiting
 * for Redis. The timeout bounds how long a scan waits on a Redis that accepts connections but does not
 * answer.
 */
function connectRedis(runtime: PlatformRuntime, url: string): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 500 });
  let reported = false;
  redis.on('error', (err: Error) => {
    if (!reported) runtime.logger.event('warn', 'redirect-service: Redis unreachable; links are read from PostgreSQL on every scan', { error: err.message });
    reported = true;
  });
  redis.on('ready', () => {
    if (reported) runtime.logger.event('info', 'redirect-service: Redis back; cached links are checked against it again');
    reported = false;
  });
  return redis;
}
