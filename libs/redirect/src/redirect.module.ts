import { type DynamicModule, Module } from '@nestjs/common';
import { type PlatformRuntime, serviceStoreProvider } from '@qr/platform';
import { REDIRECT_MIGRATIONS } from './store/redirect-migrations';

export const REDIRECT_STORE = Symbol('REDIRECT_STORE');
export const REDIRECT_STORE_SPEC = { name: 'redirect', migrations: REDIRECT_MIGRATIONS, withOutbox: true };

/** redirect-service: short links, opening rules, scan limits, hosted pages, scan recording. */
@Module({})
export class RedirectModule {
  static register(runtime: PlatformRuntime): DynamicModule {
    return {
      module: RedirectModule,
      providers: [serviceStoreProvider(REDIRECT_STORE, runtime, REDIRECT_STORE_SPEC)],
      exports: [REDIRECT_STORE],
    };
  }
}
