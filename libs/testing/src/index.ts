export * from './test-postgres';
export * from './temp-dir';
export * from './storage-matrix';
export * from './wait-until';
export * from './dns-responder';
export * from './app-process';
export * from './http-call';
export * from './decode-image';
