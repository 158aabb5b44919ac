export * from './codes.module';
export * from './store/codes-migrations';
export * from './commands/qr-commands';
export * from './codes/qr-code-view';
