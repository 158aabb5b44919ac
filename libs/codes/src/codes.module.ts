import { type DynamicModule, Module } from '@nestjs/common';
import { type PlatformRuntime, serviceStoreProvider } from '@qr/platform';
import { QR_MIGRATIONS } from './store/codes-migrations';

export const QR_STORE = Symbol('QR_STORE');
export const QR_STORE_SPEC = { name: 'qr', migrations: QR_MIGRATIONS, withOutbox: true };

/** codes (qr-service): codes, folders, domains, client_ref idempotency, previews. */
@Module({})
export class CodesModule {
  static register(runtime: PlatformRuntime): DynamicModule {
    return {
      module: CodesModule,
      providers: [serviceStoreProvider(QR_STORE, runtime, QR_STORE_SPEC)],
      exports: [QR_STORE],
    };
  }
}
