import { type DynamicModule, Module } from '@nestjs/common';
import { Counter } from 'prom-client';
import { REDIRECT_COMMANDS } from '@qr/contracts';
import { EventConsumers, type PlatformRuntime, serviceStoreProvider, type ServiceStore } from '@qr/platform';
import { countryOfIp, UserAgentClassifier } from '@qr/visitor';
import { ShortLinkRoute } from './http/short-link.route';
import { SubmitLead } from './leads/submit-lead';
import { ApplyCodeChanges, type LinkChange } from './links/apply-code-changes';
import { BatchedLinkLookup } from './links/batched-link-lookup';
import { subscribeToCodeChanges } from './links/code-changes.consumer';
import { LinkCache } from './links/link-cache';
import { LinksRepository } from './links/links.repository';
import { DailySalts } from './scans/daily-salts';
import { ScanRecorder } from './scans/scan-recorder';
import { REDIRECT_MIGRATIONS } from './store/redirect-migrations';

export const REDIRECT_STORE = Symbol('REDIRECT_STORE');
export const REDIRECT_STORE_SPEC = { name: 'redirect', migrations: REDIRECT_MIGRATIONS, withOutbox: true };
export const APPLY_CODE_CHANGES = REDIRECT_COMMANDS.applyCodeChanges;
const REDIRECT_PARTS = Symbol('REDIRECT_PARTS');

interface RedirectParts {
  apply: ApplyCodeChanges;
  recorder: ScanRecorder;
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
  // One process sees every change in all-in-one, so it may cache; replicas read PostgreSQL each scan,
  // the scans of one turn of the event loop together.
  const cache = config.allInOne ? new LinkCache() : null;
  const lookups = new BatchedLinkLookup((codes) => links.findByShortCodes(codes));
  const apply = new ApplyCodeChanges(store.db, links, cache);
  const recorder = new ScanRecorder(store.db, store.outbox!, runtime.logger, undefined, (link, count) => cache?.setScanCount(link.short_code, count));
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
  const sharedHosts = new Set(['localhost', '127.0.0.1', '::1', new URL(config.shortBaseUrl).hostname, new URL(config.publicBaseUrl).hostname]);
  runtime.fastRoutes.push(
    new ShortLinkRoute({
      findLink: async (code) => {
        const cached = cache?.get(code);
        if (cached) return cached;
        const link = await lookups.find(code);
        if (link) cache?.put(link);
        return link;
      },
      recorder,
      salts: new DailySalts(store.db),
      submitLead: new SubmitLead(store.db, store.outbox!),
      classifier: new UserAgentClassifier(),
      sharedHosts,
      trustProxy: config.trustProxy,
      geoHeader: config.geoHeader,
      onScan: (outcome) => scans.set(outcome, (scans.get(outcome) ?? 0) + 1),
    }),
  );
  runtime.commands.register(APPLY_CODE_CHANGES, (payload) => apply.execute(((payload as { changes?: LinkChange[] }).changes ?? []) as LinkChange[]));
  return { apply, recorder };
}
