import { api, APP_API, PUBLIC_API, query, send } from './client';
import { type Analytics, type ListPage, type QrCode, type QrCodeChange } from './types';

export interface CodeFilters {
  q?: string;
  folder_id?: string;
  status?: string;
  type?: string;
}

/** Codes: the public API's /qrcodes, and the dashboard's CSV export and import. */
export const codesApi = {
  list: (filters: CodeFilters & { limit: number; cursor?: string }, signal?: AbortSignal) =>
    api.get<ListPage<QrCode>>(`/qrcodes${query({ ...filters })}`, { signal }),
  get: (id: string, signal?: AbortSignal) => api.get<QrCode>(`/qrcodes/${encodeURIComponent(id)}`, { signal }),
  create: (body: Record<string, unknown>) => api.post<QrCode>('/qrcodes', body),
  update: (id: string, patch: Record<string, unknown>) => api.patch<QrCode>(`/qrcodes/${encodeURIComponent(id)}`, patch),
  remove: (id: string) => api.del(`/qrcodes/${encodeURIComponent(id)}`),
  history: (id: string, cursor: string | null, signal?: AbortSignal) =>
    api.get<ListPage<QrCodeChange>>(`/qrcodes/${encodeURIComponent(id)}/history${query({ cursor, limit: 20 })}`, { signal }),
  analytics: (id: string, params: Record<string, string | undefined>, signal?: AbortSignal) =>
    api.get<Analytics>(`/qrcodes/${encodeURIComponent(id)}/analytics${query(params)}`, { signal }),
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
