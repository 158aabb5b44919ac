export * from './codes.module';
export * from './store/codes-migrations';
export * from './commands/qr-commands';
export * from './codes/qr-code-view';
export * from './codes/live-dynamic-counts';
export { parseQrCodeInput, type ParsedInput } from './codes/qr-code-input';
export { creationCommands, storeCreation, type CreationAnswer } from './commands/creation-commands';
export { LinkImportStore, linkImportCommands, type LinkImportTargets } from './imports/link-import-store';
