export * from './gateway.module';
export * from './access/quota.repository';
export * from './openapi/openapi-document';
export * from './qrcodes/create-qr-codes-flow';
export * from './access/allowance-reconcile';
export * from './imports/import-links-flow';
