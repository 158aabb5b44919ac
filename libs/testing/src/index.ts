export * from './test-postgres';
export * from './temp-dir';
export * from './storage-matrix';
export * from './wait-until';
