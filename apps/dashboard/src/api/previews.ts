import { appApi } from './client';
import { type DraftPreviewAnswer } from './types';

/** The code a create form would make, rendered and validated by the server. */
export type PreviewAnswer = DraftPreviewAnswer;

export const previewsApi = {
  /** `codeId`: the code an edit page draws (the GS1 Digital Link path it holds is its own, not taken). */
  render: (body: unknown, signal?: AbortSignal, codeId?: string) =>
    appApi.post<PreviewAnswer>(codeId ? `/previews?code_id=${encodeURIComponent(codeId)}` : '/previews', body, { signal }),
};
