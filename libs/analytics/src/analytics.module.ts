import { type DynamicModule, Module } from '@nestjs/common';
import { ANALYTICS_COMMANDS } from '@qr/contracts';
import { EventConsumers, type PlatformRuntime, serviceStoreProvider, type ServiceStore } from '@qr/platform';
import { PROJECTION_GROUP, PROJECTION_TOPICS } from './projection/rebuild-projection';
import { ScanProjection } from './projection/scan-projection';
import { AnalyticsQueries } from './queries/analytics-queries';
import { ANALYTICS_MIGRATIONS } from './store/analytics-migrations';

export const ANALYTICS_STORE = Symbol('ANALYTICS_STORE');
export const ANALYTICS_STORE_SPEC = { name: 'analytics', migrations: ANALYTICS_MIGRATIONS, withOutbox: false };
export { ANALYTICS_COMMANDS };

/** analytics-service: the scan projection (rebuildable by replay) and the analytics queries. */
@Module({})
export class AnalyticsModule {
  static register(runtime: PlatformRuntime): DynamicModule {
    return {
      module: AnalyticsModule,
      providers: [
        serviceStoreProvider(ANALYTICS_STORE, runtime, ANALYTICS_STORE_SPEC),
        {
          provide: EventConsumers,
          inject: [ANALYTICS_STORE],
          useFactory: (store: ServiceStore) => {
            const projection = new ScanProjection(store.db);
            const queries = new AnalyticsQueries(store.db);
            runtime.commands.register(ANALYTICS_COMMANDS.code, (p) => {
              const { qrId, timezone, query } = p as { qrId: string; timezone: string; query: Record<string, unknown> };
              return queries.forCode(qrId, timezone, query ?? {});
            });
            runtime.commands.register(ANALYTICS_COMMANDS.workspace, (p) => {
              const { workspaceId, query } = p as { workspaceId: string; query: Record<string, unknown> };
              return queries.forWorkspace(workspaceId, query ?? {});
            });
            return new EventConsumers(runtime, [
              () =>
                runtime.eventLog.subscribe({
                  group: PROJECTION_GROUP,
                  topics: PROJECTION_TOPICS,
                  handler: async (records) => void (await projection.apply(records.map((r) => r.event))),
                }),
            ]);
          },
        },
      ],
    };
  }
}
