import { type DynamicModule, Module } from '@nestjs/common';
import { EventConsumers, type PlatformRuntime, runsHere, serviceStoreProvider, type ServiceStore } from '@qr/platform';
import { subscribeToScanCounts } from './codes/scan-counts.consumer';
import { CodesCommands } from './commands/codes-commands';
import { codesUseCasesProvider } from './commands/codes-use-cases';
import { CustomDomainsRepository } from './domains/custom-domains.repository';
import { TlsAskServer } from './domains/tls-ask.server';
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
          // Caddy's `ask` listener, when TLS_ASK_PORT is set.
          provide: TlsAskServer,
          inject: [QR_STORE],
          useFactory: (store: ServiceStore) => {
            const at = runtime.config.tlsAsk;
            return at && runsHere(runtime, 'front') ? new TlsAskServer(new CustomDomainsRepository(store.db), runtime, at) : null;
          },
        },
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
