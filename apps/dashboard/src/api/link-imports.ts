import { APP_API, query, send } from './client';
import { type LinkImportReport } from './types';

/** The products an export can come from, as the importer names them (`LINK_IMPORT_SOURCES` on the server). */
export const LINK_SOURCES = [
  { value: 'bitly', label: 'Bitly' },
  { value: 'shlink', label: 'Shlink' },
  { value: 'kutt', label: 'Kutt' },
  { value: 'yourls', label: 'YOURLS' },
  { value: 'dub', label: 'Dub' },
] as const;

export interface LinkImportChoice {
  format: string;
  domain: string | null;
}

const post = async (path: string, choice: LinkImportChoice, file: Blob): Promise<LinkImportReport> => {
  const res = await send('POST', `${APP_API}/link-imports${path}${query({ format: choice.format, domain: choice.domain })}`, file, 'application/octet-stream');
  return (await res.json()) as LinkImportReport;
};

/** The link importer: the export file sent as its bytes (it need not be UTF-8), with the product and the default domain. */
export const linkImportsApi = {
  preview: (choice: LinkImportChoice, file: Blob) => post('/preview', choice, file),
  run: (choice: LinkImportChoice, file: Blob) => post('', choice, file),
};
