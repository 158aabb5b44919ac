import { parse } from 'csv-parse/sync';
import { type FieldError, fromCsvCell } from '@qr/domain';
import { gs1ContentOf } from './gs1-columns';
import { BOOLEAN_FIELDS, CODE_COLUMNS, CONTENT_COLUMNS, KNOWN_COLUMNS, NUMBER_FIELDS } from './import-columns';

/** The code's own columns whose text is the field's value; itemOf reads the others itself. */
const TEXT_COLUMNS = CODE_COLUMNS.filter((column) => !['type', 'folder', 'scan_limit', 'daily_days', 'content'].includes(column));

/** The most rows one import takes. */
export const MAX_IMPORT_ROWS = 5000;

/** One data row: its line in the file (1 is the header) and the create request it becomes. */
export interface ImportRow {
  line: number;
  item: Record<string, unknown>;
  /** Fields of `item` filled from a column of another name (a gs1 link's `link_*` columns): pointer → column. */
  columns?: Readonly<Record<string, string>>;
}

/** A problem with one row (or with the file, line 1 being its header). */
export interface RowError {
  line: number;
  /** The column it is about, when it can be told; else null. */
  column: string | null;
  code: string;
  detail: string;
  /** Where in the row's create request the API found it (`/content/links/1/hreflang/0`), when it named a field. */
  pointer?: string;
}

export type ParsedCsv = { ok: true; rows: ImportRow[]; errors: RowError[] } | { ok: false; errors: RowError[] };

/**
 * A CSV of codes, one per row, into create requests for the bulk use case. The header names the
 * columns (any order, case-insensitive); `client_ref` is required on every row, since it is what
 * makes a second import of the same file create only the rows that are missing. Rows whose own
 * fields cannot be read (bad JSON in `content`, an unknown folder) are errors with their line;
 * everything else is left to the API's validation, whose pointers `toRowError` maps back.
 *
 * @example
 * parseCodeCsv('client_ref,name,url\nsku-1,Box,https://example.com\n', folders)
 * // { ok: true, rows: [{ line: 2, item: { client_ref: 'sku-1', name: 'Box', type: 'website', content: { url: 'https://example.com' } } }], errors: [] }
 */
export function parseCodeCsv(text: string, folderIdOf: (nameOrId: string) => string | null): ParsedCsv {
  let records: Array<{ record: Record<string, string>; info: { lines: number } }>;
  try {
    records = parse(text, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      info: true,
      skip_empty_lines: true,
      bom: true,
      trim: false,
    });
  } catch (err) {
    const e = err as { code?: string; message?: string; lines?: number };
    return { ok: false, errors: [{ line: e.lines ?? 1, column: null, code: 'invalid_csv', detail: `not readable as CSV: ${e.message ?? String(err)}` }] };
  }
  if (records.length === 0)
    return { ok: false, errors: [{ line: 1, column: null, code: 'empty', detail: 'the file has a header but no rows (or nothing at all)' }] };
  const columns = Object.keys(records[0].record);
  const headerErrors: RowError[] = [
    ...columns.filter((c) => !KNOWN_COLUMNS.has(c)).map((c) => ({ line: 1, column: c, code: 'unknown_column', detail: `unknown column "${c}"` })),
    ...(columns.includes('client_ref')
      ? []
      : [{ line: 1, column: 'client_ref', code: 'required', detail: 'a client_ref column is required: it makes a re-import create only the missing rows' }]),
  ];
  if (records.length > MAX_IMPORT_ROWS)
    headerErrors.push({ line: 1, column: null, code: 'too_many_rows', detail: `at most ${MAX_IMPORT_ROWS} rows per import` });
  if (headerErrors.length) return { ok: false, errors: headerErrors };

  const rows: ImportRow[] = [];
  const errors: RowError[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  let previousEnd = 1;
  for (const { record, info } of records) {
    // A quoted value may span lines: a row starts on the first non-empty line after the last one.
    const line = firstLineAfter(lines, previousEnd, info.lines);
    previousEnd = info.lines;
    const built = itemOf(record, folderIdOf);
    if (built.errors.length) errors.push(...built.errors.map((e) => ({ ...e, line })));
    else rows.push({ line, item: built.item, ...(built.columns ? { columns: built.columns } : {}) });
  }
  return { ok: true, rows, errors };
}

function itemOf(
  record: Record<string, string>,
  folderIdOf: (nameOrId: string) => string | null,
): { item: Record<string, unknown>; errors: Omit<RowError, 'line'>[]; columns?: Record<string, string> } {
  const errors: Omit<RowError, 'line'>[] = [];
  // Cells are read back from their spreadsheet-safe form (a leading ' before = + - @ is ours, not the data's).
  const value = (key: string) => fromCsvCell((record[key] ?? '').trim());
  const item: Record<string, unknown> = { type: value('type').toLowerCase() || 'website' };
  if (!value('client_ref')) errors.push({ column: 'client_ref', code: 'required', detail: 'client_ref is required' });
  for (const key of TEXT_COLUMNS) {
    if (value(key)) item[key] = key === 'category' || key === 'status' ? value(key).toLowerCase() : value(key);
  }
  if (value('scan_limit')) item.scan_limit = /^\d+$/.test(value('scan_limit')) ? Number(value('scan_limit')) : value('scan_limit');
  if (value('daily_days'))
    item.daily_days = value('daily_days')
      .toLowerCase()
      .split(/[\s,;]+/)
      .filter(Boolean);
  if (value('folder')) {
    const folderId = folderIdOf(value('folder'));
    if (folderId) item.folder_id = folderId;
    else errors.push({ column: 'folder', code: 'not_found', detail: `no folder named "${value('folder')}": create it first` });
  }
  if (value('content')) {
    try {
      item.content = JSON.parse(value('content'));
    } catch {
      errors.push({ column: 'content', code: 'invalid_json', detail: 'content is not valid JSON' });
    }
  } else if (item.type === 'gs1') {
    const gs1 = gs1ContentOf(value);
    item.content = gs1.content;
    errors.push(...gs1.errors);
    if (Object.keys(gs1.columns).length) return { item, errors, columns: gs1.columns };
  } else {
    const fields = CONTENT_COLUMNS[String(item.type)] ?? [];
    item.content = Object.fromEntries(fields.filter((f) => value(f) !== '').map((f) => [f, typed(f, value(f))]));
  }
  return { item, errors };
}

function typed(field: string, raw: string): unknown {
  if (NUMBER_FIELDS.has(field) && /^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  if (BOOLEAN_FIELDS.has(field) && /^(true|false|yes|no|1|0)$/i.test(raw)) return /^(true|yes|1)$/i.test(raw);
  return raw;
}

function firstLineAfter(lines: readonly string[], previousEnd: number, end: number): number {
  for (let line = previousEnd + 1; line <= end; line++) if ((lines[line - 1] ?? '').trim() !== '') return line;
  return end;
}

/**
 * A problem the API reported for the bulk item of a row (`/items/3/content/url`, bulk pointers
 * relative to the batch) as the row's error: its line, the column the field came from, and the
 * field's pointer within the row's request (which link of a `links` list, say).
 */
export function toRowError(problem: FieldError, row: Pick<ImportRow, 'line' | 'columns'>, itemPointer: string): RowError {
  const field = problem.pointer.slice(itemPointer.length);
  return { line: row.line, column: columnOf(field, row.columns), code: problem.code, detail: problem.detail, ...(field ? { pointer: field } : {}) };
}

function columnOf(field: string, columns: ImportRow['columns']): string | null {
  // The longest of the row's own field → column entries that holds the field.
  for (let at = field; at; at = at.slice(0, at.lastIndexOf('/'))) if (columns?.[at]) return columns[at];
  const parts = field.split('/').filter(Boolean);
  if (parts.length === 0) return null;
  if (parts[0] === 'content') return parts.length > 1 && KNOWN_COLUMNS.has(parts[1]) ? parts[1] : 'content';
  if (parts[0] === 'folder_id') return 'folder';
  return KNOWN_COLUMNS.has(parts[0]) ? parts[0] : null;
}
