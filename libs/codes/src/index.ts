export * from './codes.module';
export { liveDynamicCounts } from './codes/live-dynamic-counts';
export { parseQrCodeInput } from './codes/qr-code-input';
export { creationCommands, storeCreation } from './commands/creation-commands';
export { linkImportCommands } from './imports/link-import-commands';
