/**
 * `@qr-platform/sdk`: a typed client for the QR platform's public API, and the verification of the
 * webhooks it sends. Types are generated from the API's OpenAPI document.
 */
export { QrClient } from './qr-client.js';
export type { QrClientOptions } from './client-options.js';
export { QrApiError, QrConnectionError, QrError, isQrApiError } from './errors/qr-error.js';
export { PageIterator, type Page } from './pagination/page-iterator.js';
export type { QrImage } from './resources/codes.js';
export type { BulkCreateOptions, BulkCreateReport, BulkItemOutcome } from './resources/bulk-create.js';
export type { CallOptions } from './resources/call-options.js';
export type { RetryInfo } from './transport/http-transport.js';
export { verifyWebhook, WebhookVerificationError, type WebhookHeaders } from './webhooks/verify-webhook.js';
export { SDK_VERSION } from './version.js';
export type * from './api-types.js';
