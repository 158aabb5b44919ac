import { type DynamicModule, Module } from '@nestjs/common';
import { type PlatformRuntime, serviceStoreProvider } from '@qr/platform';
import { ANALYTICS_MIGRATIONS } from './store/analytics-migrations';

export const ANALYTICS_STORE = Symbol('ANALYTICS_STORE');
export const ANALYTICS_STORE_SPEC = { name: 'analytics', migrations: ANALYTICS_MIGRATIONS, withOutbox: false };

/** analytics-service: projections of scan events and analytics queries. */
@Module({})
export class AnalyticsModule {
  static register(runtime: PlatformRuntime): DynamicModule {
    return {
      module: AnalyticsModule,
      providers: [serviceStoreProvider(ANALYTICS_STORE, runtime, ANALYTICS_STORE_SPEC)],
      exports: [ANALYTICS_STORE],
    };
  }
}
