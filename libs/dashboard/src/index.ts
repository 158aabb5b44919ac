export * from './dashboard.module';
export * from './spa/dashboard-assets';
export * from './spa/security-headers';
