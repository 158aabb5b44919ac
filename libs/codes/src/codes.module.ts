import { type BeforeApplicationShutdown, type DynamicModule, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { EventConsumers, type PlatformRuntime, runsHere, serviceStoreProvider, type ServiceStore } from '@qr/platform';
import { subscribeToScanCounts } from './codes/scan-counts.consumer';
import { CodesCommands } from './commands/codes-commands';
import { codesUseCasesProvider } from './commands/codes-use-cases';
import { CustomDomainsRepository } from './domains/custom-domains.repository';
import { TlsAskServer } from './domains/tls-ask.server';
import { QR_MIGRATIONS } from './store/codes-migrations';

export const QR_STORE = Symbol('QR_STORE');
export const QR_STORE_SPEC = { name: 'qr', migrations: QR_MIGRATIONS, withOutbox: true };

/** Starts Caddy's `ask` listener after the store is open, when TLS_ASK_PORT is set, on the thread that answers HTTP. */
class TlsAskLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(private readonly server: TlsAskServer | null) {}
  async onApplicationBootstrap(): Promise<void> {
    await this.server?.start(...this.server.address);
  }
  async beforeApplicationShutdown(): Promise<void> {
    await this.server?.stop();
  }
}

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
          provide: TlsAskLifecycle,
          inject: [QR_STORE],
          useFactory: (store: ServiceStore) => {
            const at = runtime.config.tlsAsk;
            return new TlsAskLifecycle(
              at && runsHere(runtime, 'front') ? new TlsAskServer(new CustomDomainsRepository(store.db), runtime, [at.host, at.port]) : null,
            );
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
