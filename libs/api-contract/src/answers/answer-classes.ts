// The answer declarations by name, for the routes that declare what they answer.
export { BulkCreateResult, DeletedQrCode, MoveQrCodesResult, QrCode, QrCodeChangeList, QrCodeList } from './qr-code';
export { CodeAnalytics, WorkspaceAnalytics } from './analytics';
export { CreatedApiKey, ApiKeyList, DeletedApiKey } from './api-keys';
export { DeletedDesignPreset, DeletedLogo, DesignPreset, DesignPresetList, Logo, LogoList } from './design';
export { DeletedFolder, Domain, DomainList, Folder, FolderList } from './folders-domains';
export {
  DeletedWebhookEndpoint,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookEndpointWithSecret,
  WebhookTestResult,
} from './webhooks';
export { LogoUploadForm } from '../bodies/logo-upload';
