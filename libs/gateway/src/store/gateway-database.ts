import { type Database, openDatabase, type StorageConfig } from '@qr/persistence';
import { GATEWAY_MIGRATIONS } from './gateway-migrations';

export const GATEWAY_STORE = Symbol('GATEWAY_STORE');
export const GATEWAY_STORE_SPEC = { name: 'gateway', migrations: GATEWAY_MIGRATIONS, withOutbox: false };

/** The api-gateway's own store: `gateway.sqlite`, or the `gateway` schema on PostgreSQL. */
export function openGatewayDatabase(storage: StorageConfig, runMigrations: boolean): Promise<Database> {
  return openDatabase({ name: 'gateway', storage, migrations: GATEWAY_MIGRATIONS, runMigrations });
}
