import { api } from './client';
import { type ApiKey, type CreatedApiKey, type ListPage } from './types';

/** API keys of the workspace. */
export const apiKeysApi = {
  list: (signal?: AbortSignal) => api.get<ListPage<ApiKey>>('/api-keys', { signal }),
  create: (body: Record<string, unknown>) => api.post<CreatedApiKey>('/api-keys', body),
  revoke: (id: string) => api.del(`/api-keys/${encodeURIComponent(id)}`),
};
