export * from './redirect.module';
export * from './store/redirect-migrations';
