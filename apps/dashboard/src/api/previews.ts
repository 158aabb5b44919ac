import { appApi } from './client';

/** The code a create form would make, rendered and validated by the server. */
export interface PreviewAnswer {
  svg: string;
  existing: { id: string; name: string } | null;
}

export const previewsApi = {
  render: (body: unknown, signal?: AbortSignal) => appApi.post<PreviewAnswer>('/previews', body, { signal }),
};
