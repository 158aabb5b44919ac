import { GATEWAY_MIGRATIONS } from './gateway-migrations';

export const GATEWAY_STORE = Symbol('GATEWAY_STORE');
/** The api-gateway's own store: `gateway.sqlite`, or the `gateway` schema on PostgreSQL. */
export const GATEWAY_STORE_SPEC = { name: 'gateway', migrations: GATEWAY_MIGRATIONS, withOutbox: false };
