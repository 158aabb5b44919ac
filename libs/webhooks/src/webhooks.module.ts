import { type DynamicModule, Module } from '@nestjs/common';
import { type PlatformRuntime, serviceStoreProvider } from '@qr/platform';
import { WEBHOOKS_MIGRATIONS } from './store/webhooks-migrations';

export const WEBHOOKS_STORE = Symbol('WEBHOOKS_STORE');
export const WEBHOOKS_STORE_SPEC = { name: 'webhooks', migrations: WEBHOOKS_MIGRATIONS, withOutbox: false };

/** webhook-dispatcher: endpoints, subscriptions, signed deliveries and retries. */
@Module({})
export class WebhooksModule {
  static register(runtime: PlatformRuntime): DynamicModule {
    return {
      module: WebhooksModule,
      providers: [serviceStoreProvider(WEBHOOKS_STORE, runtime, WEBHOOKS_STORE_SPEC)],
      exports: [WEBHOOKS_STORE],
    };
  }
}
