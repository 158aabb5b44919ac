import { appApi, APP_API, send } from './client';
import { type SheetPresetsAnswer } from './types';

/** Print sheets: the label presets, and the PDF (streamed; X-Sheet-Pages and X-Sheet-Codes say its size first). */
export const printSheetsApi = {
  presets: (signal?: AbortSignal) => appApi.get<SheetPresetsAnswer>('/print-sheets/presets', { signal }),
  create: (body: unknown) => send('POST', `${APP_API}/print-sheets`, JSON.stringify(body), 'application/json'),
};
