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

// The dashboard's own answers, generated from the declarations (libs/api-contract/src/answers/dashboard.ts)
// through the dashboard's document, and the names it shares with the server from the libs' browser entries.
type Answer = import('../generated/dashboard-api-types').components['schemas'];
export type Me = Answer['MeAnswer'];
export type SignedOut = Answer['SignedOutAnswer'];
export type Usage = Answer['UsageAnswer'];
export type MembersAnswer = Answer['MembersAnswer'];
export type MemberView = Answer['MemberView'];
export type InvitationAnswer = Answer['InvitationAnswer'];
export type RoleChanged = Answer['RoleChanged'];
export type MemberRemoved = Answer['MemberRemoved'];
export type AuditLogAnswer = Answer['AuditLogAnswer'];
export type AuditEntryView = Answer['AuditEntryView'];
export type AuditAction = AuditEntryView['action'];
export type SignInLinkAnswer = Answer['SignInLinkAnswer'];
export type PasswordResetAccepted = Answer['PasswordResetAccepted'];
export type DraftPreviewAnswer = Answer['DraftPreviewAnswer'];
export type SheetPresetsAnswer = Answer['SheetPresetsAnswer'];
export type { Role } from '@qr/domain/browser';
export type { QrCategory as Category } from '@qr/qr-content/browser';
export type { Weekday } from '@qr/opening-rules/browser';

/** A page of a public list; the webhook lists and /api-keys have one page only. */
export interface ListPage<T> {
  object: 'list';
  data: T[];
  has_more?: boolean;
  next_cursor?: string | null;
}
export type LinkImportReport = Answer['LinkImportReport'];
export type LinkImportRecord = Answer['LinkImportRecord'];
