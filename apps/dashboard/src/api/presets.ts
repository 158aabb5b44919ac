import { api } from './client';
import { type DesignPreset } from './types';

/** Brand presets (the public API's /design-presets, with the session). */
export const presetsApi = {
  list: (signal?: AbortSignal) => api.get<{ data: DesignPreset[] }>('/design-presets', { signal }),
  get: (id: string, signal?: AbortSignal) => api.get<DesignPreset>(`/design-presets/${encodeURIComponent(id)}`, { signal }),
  create: (name: string, design: Record<string, unknown>) => api.post<DesignPreset>('/design-presets', { name, design }),
  /** A merge patch: the design given whole replaces every field of the preset's. */
  update: (id: string, body: { name?: string; design?: Record<string, unknown> }) => api.patch<DesignPreset>(`/design-presets/${encodeURIComponent(id)}`, body),
  remove: (id: string) => api.del(`/design-presets/${encodeURIComponent(id)}`),
};
