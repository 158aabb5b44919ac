import type { components, operations } from './generated/api-types.js';

/*
 * Names for the generated OpenAPI types (generated/api-types.ts, from docs/openapi.json by
 * `npm run sdk:generate`). Nothing here is written by hand but the names: the shapes come from
 * the document the server serves.
 */
type Schemas = components['schemas'];
type Query<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;

export type { components, operations, paths, webhooks } from './generated/api-types.js';

export type QrCode = Schemas['QrCode'];
export type QrCodeInput = Schemas['QrCodeInput'];
export type QrCodePatch = Schemas['QrCodePatch'];
export type QrType = Schemas['QrType'];
export type QrContent = Schemas['QrContent'];
export type WebsiteContent = Schemas['WebsiteContent'];
export type MenuContent = Schemas['MenuContent'];
export type FormContent = Schemas['FormContent'];
export type VcardContent = Schemas['VcardContent'];
export type TextContent = Schemas['TextContent'];
export type WifiContent = Schemas['WifiContent'];
export type EmailContent = Schemas['EmailContent'];
export type PhoneContent = Schemas['PhoneContent'];
export type SmsContent = Schemas['SmsContent'];
export type LocationContent = Schemas['LocationContent'];
export type Destination = Schemas['Destination'];
export type BulkCreateResult = Schemas['BulkCreateResult'];
export type DeletedQrCode = Schemas['DeletedQrCode'];
export type QrCodeChange = Schemas['QrCodeChange'];
export type Folder = Schemas['Folder'];
export type FolderInput = Schemas['FolderInput'];
export type DeletedFolder = Schemas['DeletedFolder'];
export type Design = Schemas['Design'];
export type DesignInput = Schemas['DesignInput'];
export type Logo = Schemas['Logo'];
export type DeletedLogo = Schemas['DeletedLogo'];
export type DesignPreset = Schemas['DesignPreset'];
export type DesignPresetInput = Schemas['DesignPresetInput'];
export type DeletedDesignPreset = Schemas['DeletedDesignPreset'];
export type MoveQrCodesInput = Schemas['MoveQrCodesInput'];
export type MoveQrCodesResult = Schemas['MoveQrCodesResult'];
export type Domain = Schemas['Domain'];
export type DomainInput = Schemas['DomainInput'];
export type DayCount = Schemas['DayCount'];
export type CodeAnalytics = Schemas['CodeAnalytics'];
export type WorkspaceAnalytics = Schemas['WorkspaceAnalytics'];
export type ApiKey = Schemas['ApiKey'];
export type ApiKeyInput = Schemas['ApiKeyInput'];
export type CreatedApiKey = Schemas['CreatedApiKey'];
export type ApiKeyList = Schemas['ApiKeyList'];
export type DeletedApiKey = Schemas['DeletedApiKey'];
export type WebhookEndpoint = Schemas['WebhookEndpoint'];
export type WebhookEndpointInput = Schemas['WebhookEndpointInput'];
export type WebhookEndpointPatch = Schemas['WebhookEndpointPatch'];
export type WebhookEndpointWithSecret = Schemas['WebhookEndpointWithSecret'];
export type WebhookEndpointList = Schemas['WebhookEndpointList'];
export type DeletedWebhookEndpoint = Schemas['DeletedWebhookEndpoint'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type WebhookDeliveryList = Schemas['WebhookDeliveryList'];
export type WebhookTestResult = Schemas['WebhookTestResult'];
export type WebhookEventType = Schemas['WebhookEventType'];
export type WebhookEvent = Schemas['WebhookEvent'];
export type QrScannedEvent = Schemas['QrScannedEvent'];
export type LeadCreatedEvent = Schemas['LeadCreatedEvent'];
export type QrScanLimitReachedEvent = Schemas['QrScanLimitReachedEvent'];
export type QrScanMilestoneReachedEvent = Schemas['QrScanMilestoneReachedEvent'];
export type Problem = Schemas['Problem'];
export type FieldError = Schemas['FieldError'];
/** Every `code` a problem answer documents. */
export type ErrorCode = Problem['code'];

/** Filters and page size of `codes.list`. */
export type ListQrCodesParams = Omit<Query<'listQrCodes'>, 'cursor'>;
/** Page size of `folders.list` and `domains.list`. */
export type ListParams = Omit<Query<'listFolders'>, 'cursor'>;
export type ImageParams = Query<'downloadQrCodeImage'>;
export type CodeAnalyticsParams = Omit<Query<'getQrCodeAnalytics'>, 'format'>;
export type WorkspaceAnalyticsParams = Query<'getWorkspaceAnalytics'>;
