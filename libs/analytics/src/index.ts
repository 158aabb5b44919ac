export * from './analytics.module';
export * from './store/analytics-migrations';
