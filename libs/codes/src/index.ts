export * from './codes.module';
export * from './store/codes-migrations';
