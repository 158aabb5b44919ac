export * from './webhooks.module';
export * from './store/webhooks-migrations';
export * from './secrets/secret-box';
export * from './deliveries/delivery-worker';
export * from './deliveries/fan-out';
export * from './endpoints/manage-endpoints';
export * from './endpoints/endpoints.repository';
export * from './sending/host-resolver';
