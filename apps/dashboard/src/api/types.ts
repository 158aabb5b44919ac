// The API's objects are the SDK's types, generated from the OpenAPI document the server serves
// (type-only: nothing of the SDK is bundled).
export type {
  ApiKey,
  CodeAnalytics as Analytics,
  CreatedApiKey,
  DeletedFolder,
  Destination,
  Domain,
  Folder,
  Logo,
  DesignPreset,
  MoveQrCodesResult,
  QrCode,
  QrCodeChange,
  QrType,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
  WebhookEventType,
  WebhookTestResult as WebhookTest,
} from '@qr-platform/sdk';

// The dashboard's own answers and the names it shares with the server, from the server's own
// definitions (the libs' browser entries): nothing here is written twice.
export type { MeAnswer as Me, Meter, PlanName, PlanView, Role, SignedOutAnswer as SignedOut, UsageAnswer as Usage } from '@qr/domain/browser';
export type { QrCategory as Category } from '@qr/qr-content/browser';
export type { Weekday } from '@qr/opening-rules/browser';

/** A page of a public list; the webhook lists and /api-keys have one page only. */
export interface ListPage<T> {
  object: 'list';
  data: T[];
  has_more?: boolean;
  next_cursor?: string | null;
}
