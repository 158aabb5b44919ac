export * from './redirect.module';
