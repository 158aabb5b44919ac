import { api, PUBLIC_API, send } from './client';
import { type Logo } from './types';

/** The workspace's logos (the public API's /logos, with the session). */
export const logosApi = {
  list: (signal?: AbortSignal) => api.get<{ data: Logo[] }>('/logos', { signal }),
  /** Sends the file as multipart/form-data: the browser writes the boundary. */
  upload: async (file: File): Promise<Logo> => {
    const form = new FormData();
    form.append('name', file.name.replace(/\.[^.]+$/, '') || 'Logo');
    form.append('file', file);
    return (await send('POST', `${PUBLIC_API}/logos`, form, undefined)).json() as Promise<Logo>;
  },
  imageUrl: (id: string) => `${PUBLIC_API}/logos/${encodeURIComponent(id)}/image`,
};
