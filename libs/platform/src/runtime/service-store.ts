import { type BeforeApplicationShutdown, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit, type Provider } from '@nestjs/common';
import { Outbox } from '@qr/event-log';
import { type Database, type MigrationClass, openDatabase } from '@qr/persistence';
import { type HealthRegistry } from '../health/health-registry';
import { type Metrics } from '../metrics/metrics';
import { type PlatformRuntime, runsHere } from './platform-runtime';

/**
 * A service's own database and, for producers, its outbox, with their lifecycle:
 * a readiness check, the relay started once the app is up (on the thread that relays), drained
 * before shutdown, then closed.
 */
export class ServiceStore implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  constructor(
    readonly db: Database,
    readonly outbox: Outbox | null,
    private readonly health: HealthRegistry,
    private readonly relays = true,
    private readonly metrics: Metrics | null = null,
  ) {}

  private untrack: () => void = () => undefined;

  onModuleInit(): void {
    this.health.add({ name: `${this.db.name}_db`, check: () => this.db.ping() });
    const outbox = this.outbox;
    if (outbox && this.relays && this.metrics) this.untrack = this.metrics.trackOutbox(this.db.name, () => outbox.pending());
  }

  onApplicationBootstrap(): void {
    if (this.relays) this.outbox?.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.relays) await this.outbox?.stop();
  }

  async onApplicationShutdown(): Promise<void> {
    this.untrack();
    this.outbox?.close();
    await this.db.close();
  }
}

export interface ServiceStoreSpec {
  /** SQLite file name / PostgreSQL schema. */
  name: string;
  migrations: readonly MigrationClass[];
  /** Producers of events get an outbox table (in their first migration) and a relay. */
  withOutbox: boolean;
}

export function serviceStoreProvider(token: symbol, runtime: PlatformRuntime, spec: ServiceStoreSpec): Provider {
  return {
    provide: token,
    useFactory: async () => {
      const db = await openDatabase({
        name: spec.name,
        storage: runtime.config.storage,
        migrations: spec.migrations,
        runMigrations: runtime.config.migrateOnStart,
        // All-in-one's front: its WalCheckpointThread copies the logs (run-deployables).
        checkpointsElsewhere: runtime.thread === 'front',
      });
      const outbox = spec.withOutbox ? new Outbox(db, runtime.eventLog, { log: runtime.logger }) : null;
      return new ServiceStore(db, outbox, runtime.health, runsHere(runtime, 'background'), runtime.metrics);
    },
  };
}
