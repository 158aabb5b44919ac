export * from './redirect.module';
export * from './store/redirect-migrations';
export { ScanRecorder } from './scans/scan-recorder';
