// The API's contract: each request body and query, and each part of one, declared once as a class
// with class-validator constraints (their faults carry the API's error codes) and class-transformer
// nesting. The same declarations validate every entry point and generate the OpenAPI schemas.
import 'reflect-metadata';

export { check, type Checked } from './engine/validate';
export { contractSchemas } from './contract-schemas';
export { CONTENT_DECLARATIONS, validateContent } from './content/qr-content';
// The hosted pages' content, as the API takes it: the pages read the same declarations.
export type { MenuContent, MenuItem, MenuSection } from './content/menu-content';
export type { FormContent, FormField, FormFieldType } from './content/form-content';
export { applyDesign, designMergePatch, type ParsedDesign } from './design/apply-design';
export { Design } from './design/design';
export { payloadSizeErrors } from './content/qr-content';
export { Destination } from './codes/destination';
export { CODE_PASSWORD_MAX, CODE_PASSWORD_MIN, patchableFields, QR_CODE_IMMUTABLE, QrCodeInput } from './codes/qr-code-input';
export { fieldErrors } from './engine/validate';
export { BulkCreateRequest, MAX_BULK_ITEMS } from './codes/bulk-create-request';
export { readDeclared } from './engine/read';
export { ApiKeyInput, expiryOf } from './bodies/api-key-input';
export { DesignPresetInput } from './bodies/design-preset-input';
export { DomainInput } from './bodies/domain-input';
export { FolderInput } from './bodies/folder-input';
export { MAX_MOVED_CODES, MoveQrCodesInput } from './bodies/move-qr-codes-input';
export { intOr, queryParameters, readQueryDeclared } from './engine/query';
export { HistoryQuery, ImageQuery, ListQrCodesQuery, PageQuery } from './queries/page-query';
// The engine, for libs that declare their own request parts (analytics' query).
export { Declaration, fieldSchemas } from './engine/declare';
export { fault, type Fault } from './engine/fault';
export { Field } from './engine/fields';
export { checkQuery, QueryChoice, QueryInt, QueryText } from './engine/query';
export { WebhookEndpointInput } from './bodies/webhook-endpoint-input';
export { logoNameFaults, LogoUpload } from './bodies/logo-upload';
export {
  ChangePasswordInput,
  ForgotPasswordInput,
  InviteInput,
  LINK_IMPORT_SOURCES,
  LinkImportOptions,
  RedeemLinkInput,
  RoleInput,
  SignInInput,
  SwitchWorkspaceInput,
  TokenInput,
} from './bodies/dashboard-bodies';
export { AuditLogQuery, DraftPreviewQuery } from './queries/page-query';
export { optionalNameErrors } from './engine/text-faults';
// The answers (response bodies): declared once, each a schema of the OpenAPI document.
export { DASHBOARD_ERROR_CODES, ERROR_CODES } from './answers/problem';
export { WEBHOOK_EVENTS } from './answers/webhook-events';
export * from './answers/answer-classes';
export * from './answers/dashboard';
export { dashboardSchemas } from './engine/schemas';
