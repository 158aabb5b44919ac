import { appApi, APP_API, send } from './client';

export interface SheetPreset {
  id: string;
  label: string;
  page_size: 'A4' | 'Letter';
  columns: number;
  rows: number;
}

/** Print sheets: the label presets, and the PDF (streamed; X-Sheet-Pages and X-Sheet-Codes say its size first). */
export const printSheetsApi = {
  presets: (signal?: AbortSignal) => appApi.get<{ data: SheetPreset[] }>('/print-sheets/presets', { signal }),
  create: (body: unknown) => send('POST', `${APP_API}/print-sheets`, JSON.stringify(body), 'application/json'),
};
