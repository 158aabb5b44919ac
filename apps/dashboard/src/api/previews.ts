import { appApi } from './client';
import { type DraftPreviewAnswer } from './types';

/** The code a create form would make, rendered and validated by the server. */
export type PreviewAnswer = DraftPreviewAnswer;

export const previewsApi = {
  render: (body: unknown, signal?: AbortSignal) => appApi.post<PreviewAnswer>('/previews', body, { signal }),
};
