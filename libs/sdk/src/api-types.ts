import type { operations, Problem } from './generated/api-types.js';

/*
 * The API's types, generated from docs/openapi.json by `npm run sdk:generate` (generated/api-types.ts):
 * every schema under its own name (`QrCode`, `Folder`, `WebhookEvent`…). Only the names below are
 * written by hand, for the parameters of a call.
 */
type Query<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;

export type * from './generated/api-types.js';

/** Every `code` a problem answer documents. */
export type ErrorCode = Problem['code'];

/** Filters and page size of `codes.list`. */
export type ListQrCodesParams = Omit<Query<'listQrCodes'>, 'cursor'>;
/** Page size of `folders.list` and `domains.list`. */
export type ListParams = Omit<Query<'listFolders'>, 'cursor'>;
export type ImageParams = Query<'downloadQrCodeImage'>;
export type CodeAnalyticsParams = Omit<Query<'getQrCodeAnalytics'>, 'format'>;
export type WorkspaceAnalyticsParams = Query<'getWorkspaceAnalytics'>;
