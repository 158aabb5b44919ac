export * from './webhooks.module';
export * from './store/webhooks-migrations';
