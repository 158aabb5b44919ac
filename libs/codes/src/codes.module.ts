import { type DynamicModule, Module } from '@nestjs/common';
import { EventConsumers, type PlatformRuntime, serviceStoreProvider, type ServiceStore } from '@qr/platform';
import { subscribeToScanCounts } from './codes/scan-counts.consumer';
import { CodesCommands } from './commands/codes-commands';
import { codesUseCasesProvider } from './commands/codes-use-cases';
import { QR_MIGRATIONS } from './store/codes-migrations';

export const QR_STORE = Symbol('QR_STORE');
export const QR_STORE_SPEC = { name: 'qr', migrations: QR_MIGRATIONS, withOutbox: true };

/** qr-service: codes, folders, custom domains, client_ref idempotency, previews. */
@Module({})
export class CodesModule {
  static register(runtime: PlatformRuntime): DynamicModule {
    return {
      module: CodesModule,
      providers: [
        serviceStoreProvider(QR_STORE, runtime, QR_STORE_SPEC),
        codesUseCasesProvider(QR_STORE, runtime),
        CodesCommands,
        {
          provide: EventConsumers,
          inject: [QR_STORE],
          useFactory: (store: ServiceStore) => new EventConsumers(runtime, [() => subscribeToScanCounts(runtime.eventLog, store.db)]),
        },
      ],
      exports: [QR_STORE],
    };
  }
}
