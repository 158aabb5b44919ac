import { api, APP_API, appApi, PUBLIC_API, query, send } from './client';
import type * as T from './types';

/** More than any workspace keeps by hand; a picker longer than this would not be usable anyway. */
const MAX_ITEMS = 1000;

/** Every page of a public list (the API hands out 100 at most per page), up to MAX_ITEMS. */
async function listAll<Item>(path: string, signal: AbortSignal): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | null | undefined;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const page = await api.get<T.ListPage<Item>>(`${path}${sep}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { signal });
    items.push(...page.data);
    cursor = page.has_more ? page.next_cursor : null;
  } while (cursor && items.length < MAX_ITEMS);
  return items;
}

export interface CodeFilters {
  q?: string;
  folder_id?: string;
  status?: string;
  type?: string;
}

/** Codes: the public API's /qrcodes, and the dashboard's CSV export and import. */
export const codesApi = {
  list: (filters: CodeFilters & { limit: number; cursor?: string }, signal?: AbortSignal) =>
    api.get<T.ListPage<T.QrCode>>(`/qrcodes${query({ ...filters })}`, { signal }),
  get: (id: string, signal?: AbortSignal) => api.get<T.QrCode>(`/qrcodes/${encodeURIComponent(id)}`, { signal }),
  create: (body: Record<string, unknown>) => api.post<T.QrCode>('/qrcodes', body),
  update: (id: string, patch: Record<string, unknown>) => api.patch<T.QrCode>(`/qrcodes/${encodeURIComponent(id)}`, patch),
  remove: (id: string) => api.del(`/qrcodes/${encodeURIComponent(id)}`),
  history: (id: string, cursor: string | null, signal?: AbortSignal) =>
    api.get<T.ListPage<T.QrCodeChange>>(`/qrcodes/${encodeURIComponent(id)}/history${query({ cursor, limit: 20 })}`, { signal }),
  analytics: (id: string, params: Record<string, string | undefined>, signal?: AbortSignal) =>
    api.get<T.Analytics>(`/qrcodes/${encodeURIComponent(id)}/analytics${query(params)}`, { signal }),
  /** A link that downloads the analytics as CSV (the browser sends the session cookie). */
  analyticsCsvUrl: (id: string, params: Record<string, string | undefined>) =>
    `${PUBLIC_API}/qrcodes/${encodeURIComponent(id)}/analytics${query({ ...params, format: 'csv' })}`,
  /** A link that downloads the code's image. */
  imageUrl: (id: string, params: { format: string; ecc: string; size?: string }) => `${PUBLIC_API}/qrcodes/${encodeURIComponent(id)}/image${query(params)}`,
  /** A link that downloads every code of the filters as CSV. */
  exportCsvUrl: (filters: CodeFilters) => `${APP_API}/exports/codes.csv${query({ ...filters })}`,
  /** Sends a CSV file to the import; the answer streams progress as JSON lines. */
  importCsv: (csv: string) => send('POST', `${APP_API}/imports`, csv, 'text/csv'),
};

/** The API takes at most this many codes in one move. */
export const MOVE_BATCH = 100;

/** Folders of the workspace. */
export const foldersApi = {
  all: (signal: AbortSignal) => listAll<T.Folder>('/folders', signal),
  create: (name: string) => api.post<T.Folder>('/folders', { name }),
  rename: (id: string, name: string) => api.patch<T.Folder>(`/folders/${encodeURIComponent(id)}`, { name }),
  remove: (id: string) => api.del<T.DeletedFolder>(`/folders/${encodeURIComponent(id)}`),
  /** Up to {@link MOVE_BATCH} codes into a folder, or out of any with null; all or none. */
  move: (codeIds: string[], folderId: string | null) => api.post<T.MoveQrCodesResult>('/qrcodes/move', { code_ids: codeIds, folder_id: folderId }),
};

/** Custom domains of the workspace. */
export const domainsApi = {
  all: (signal: AbortSignal) => listAll<T.Domain>('/domains', signal),
  create: (hostname: string) => api.post<T.Domain>('/domains', { hostname }),
  verify: (id: string) => api.post<T.Domain>(`/domains/${encodeURIComponent(id)}/verify`),
};

/** Brand presets (the public API's /design-presets, with the session). */
export const presetsApi = {
  list: (signal?: AbortSignal) => api.get<{ data: T.DesignPreset[] }>('/design-presets', { signal }),
  get: (id: string, signal?: AbortSignal) => api.get<T.DesignPreset>(`/design-presets/${encodeURIComponent(id)}`, { signal }),
  create: (name: string, design: Record<string, unknown>) => api.post<T.DesignPreset>('/design-presets', { name, design }),
  /** A merge patch: the design given whole replaces every field of the preset's. */
  update: (id: string, body: { name?: string; design?: Record<string, unknown> }) =>
    api.patch<T.DesignPreset>(`/design-presets/${encodeURIComponent(id)}`, body),
  remove: (id: string) => api.del(`/design-presets/${encodeURIComponent(id)}`),
};

/** The workspace's logos (the public API's /logos, with the session). */
export const logosApi = {
  list: (signal?: AbortSignal) => api.get<{ data: T.Logo[] }>('/logos', { signal }),
  /** Sends the file as multipart/form-data: the browser writes the boundary. */
  upload: async (file: File): Promise<T.Logo> => {
    const form = new FormData();
    form.append('name', file.name.replace(/\.[^.]+$/, '') || 'Logo');
    form.append('file', file);
    return (await send('POST', `${PUBLIC_API}/logos`, form, undefined)).json() as Promise<T.Logo>;
  },
  imageUrl: (id: string) => `${PUBLIC_API}/logos/${encodeURIComponent(id)}/image`,
};

export const previewsApi = {
  /** `codeId`: the code an edit page draws (the GS1 Digital Link path it holds is its own, not taken). */
  render: (body: unknown, signal?: AbortSignal, codeId?: string) =>
    appApi.post<T.DraftPreviewAnswer>(codeId ? `/previews?code_id=${encodeURIComponent(codeId)}` : '/previews', body, { signal }),
};

/** API keys of the workspace. */
export const apiKeysApi = {
  list: (signal?: AbortSignal) => api.get<T.ListPage<T.ApiKey>>('/api-keys', { signal }),
  create: (body: Record<string, unknown>) => api.post<T.CreatedApiKey>('/api-keys', body),
  revoke: (id: string) => api.del(`/api-keys/${encodeURIComponent(id)}`),
};

/** Webhook endpoints of the workspace and their deliveries. */
export const webhooksApi = {
  list: (signal?: AbortSignal) => api.get<T.ListPage<T.WebhookEndpoint>>('/webhook-endpoints', { signal }),
  create: (body: Record<string, unknown>) => api.post<T.WebhookEndpointWithSecret>('/webhook-endpoints', body),
  get: (id: string, signal?: AbortSignal) => api.get<T.WebhookEndpoint>(`/webhook-endpoints/${encodeURIComponent(id)}`, { signal }),
  update: (id: string, patch: Record<string, unknown>) => api.patch<T.WebhookEndpoint>(`/webhook-endpoints/${encodeURIComponent(id)}`, patch),
  remove: (id: string) => api.del(`/webhook-endpoints/${encodeURIComponent(id)}`),
  rotateSecret: (id: string) => api.post<T.WebhookEndpointWithSecret>(`/webhook-endpoints/${encodeURIComponent(id)}/rotate-secret`),
  sendTest: (id: string) => api.post<T.WebhookTest>(`/webhook-endpoints/${encodeURIComponent(id)}/test`),
  deliveries: (id: string, signal?: AbortSignal) =>
    api.get<T.ListPage<T.WebhookDelivery>>(`/webhook-endpoints/${encodeURIComponent(id)}/deliveries`, { signal }),
  retryDelivery: (id: string) => api.post(`/webhook-deliveries/${encodeURIComponent(id)}/retry`),
};

/** The workspace's plan and how much of it is used. */
export const usageApi = {
  get: (signal?: AbortSignal) => appApi.get<T.Usage>('/usage', { signal }),
};

const member = (id: string) => `/members/${encodeURIComponent(id)}`;

/** The Members page and the audit log (owners; other roles get 404). */
export const teamApi = {
  list: (signal?: AbortSignal) => appApi.get<T.MembersAnswer>('/members', { signal }),
  invite: (email: string, role: T.Role) => appApi.post<T.InvitationAnswer>('/members', { email, role }),
  setRole: (id: string, role: T.Role) => appApi.patch<T.RoleChanged>(member(id), { role }),
  remove: (id: string) => appApi.del<T.MemberRemoved>(member(id)),
  resend: (id: string) => appApi.post<T.InvitationAnswer>(`${member(id)}/invitation`),
  revokeInvitation: (id: string) => appApi.del(`${member(id)}/invitation`),
  auditLog: (cursor: string | null, signal?: AbortSignal) => appApi.get<T.AuditLogAnswer>(`/audit-log${query({ cursor, limit: 50 })}`, { signal }),
  auditCsvUrl: `${APP_API}/audit-log/export.csv`,
};

/** The member's session and account: the dashboard's own endpoints. A wrong password's 401 is an answer here, not a sign-out. */
export const sessionApi = {
  current: () => appApi.get<T.Me | T.SignedOut>('/session', { expectUnauthorized: true }),
  signIn: (email: string, password: string) => appApi.post<T.Me>('/session', { email, password }, { expectUnauthorized: true }),
  signOut: () => appApi.del<T.SignedOut>('/session'),
  switchWorkspace: (workspaceId: string) => appApi.post<T.Me>('/session/workspace', { workspace_id: workspaceId }),
  changePassword: (current: string, next: string) => appApi.post('/account/password', { current_password: current, new_password: next }),
  inspectLink: (token: string) => appApi.post<T.SignInLinkAnswer>('/sign-in-links/inspect', { token }, { expectUnauthorized: true }),
  /** "Forgot password": the same 202 whether or not the email is a member. */
  forgotPassword: (email: string) => appApi.post<T.PasswordResetAccepted>('/password-reset', { email }, { expectUnauthorized: true }),
  redeemLink: (token: string, password: string) => appApi.post<T.Me>('/sign-in-links/redeem', { token, password }, { expectUnauthorized: true }),
};

/** The products an export can come from, as the importer names them (`LINK_IMPORT_SOURCES` on the server). */
export const LINK_SOURCES = [
  { value: 'bitly', label: 'Bitly' },
  { value: 'shlink', label: 'Shlink' },
  { value: 'kutt', label: 'Kutt' },
  { value: 'yourls', label: 'YOURLS' },
  { value: 'dub', label: 'Dub' },
] as const;

export interface LinkImportChoice {
  format: string;
  domain: string | null;
}

const postLinkImport = async (path: string, choice: LinkImportChoice, file: Blob): Promise<T.LinkImportReport> => {
  const res = await send('POST', `${APP_API}/link-imports${path}${query({ format: choice.format, domain: choice.domain })}`, file, 'application/octet-stream');
  return (await res.json()) as T.LinkImportReport;
};

/** The link importer: the export file sent as its bytes (it need not be UTF-8), with the product and the default domain. */
export const linkImportsApi = {
  preview: (choice: LinkImportChoice, file: Blob) => postLinkImport('/preview', choice, file),
  run: (choice: LinkImportChoice, file: Blob) => postLinkImport('', choice, file),
};

/** Print sheets: the label presets, and the PDF (streamed; X-Sheet-Pages and X-Sheet-Codes say its size first). */
export const printSheetsApi = {
  presets: (signal?: AbortSignal) => appApi.get<T.SheetPresetsAnswer>('/print-sheets/presets', { signal }),
  create: (body: unknown) => send('POST', `${APP_API}/print-sheets`, JSON.stringify(body), 'application/json'),
};
