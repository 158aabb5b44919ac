import { api } from './client';
import { type DesignPreset } from './types';

/** Brand presets (the public API's /design-presets, with the session). */
export const presetsApi = {
  list: (signal?: AbortSignal) => api.get<{ data: DesignPreset[] }>('/design-presets', { signal }),
  create: (name: string, design: Record<string, unknown>) => api.post<DesignPreset>('/design-presets', { name, design }),
  remove: (id: string) => api.del(`/design-presets/${encodeURIComponent(id)}`),
};
