export * from './analytics.module';
export * from './store/analytics-migrations';
export * from './projection/scan-projection';
export * from './projection/rebuild-projection';
export * from './queries/analytics-queries';
