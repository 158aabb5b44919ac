import { parse } from 'csv-parse/sync';
import { type ImportNote, type UnreadableRecord } from './imported-link';
import { MAX_CELL_CHARS, MAX_LINK_IMPORT_RECORDS } from './limits';

/** One data record of a table: its number, the line it starts on, and its cells by normalized header. */
export interface TableRecord {
  record: number;
  line: number;
  cells: ReadonlyMap<string, string>;
}

export type ReadTable = { ok: true; headers: string[]; records: TableRecord[]; unreadable: UnreadableRecord[] } | { ok: false; problems: ImportNote[] };

/**
 * A header name as the format tables know it: lowercase letters and digits only, so `Short Code`,
 * `short_code` and `shortCode` are one name (Shlink's importer reads its CSV the same way).
 */
export function headerKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

interface Parsed {
  record: string[];
  info: { lines: number };
  raw: string;
}

/**
 * A CSV export as header and records. A record that cannot be read (a different number of fields
 * than the header, a cell longer than `MAX_CELL_CHARS`) is reported with its line and the others
 * are read on. A quote inside a field that does not start with one (`Say "hi"`, `"a" b`) is kept
 * as text: csv-parse's recovery from such a quote otherwise runs records together until the next
 * quote, and the text is judged afterwards anyway (no URL or back-half holds a quote). A quote that
 * is never closed swallows the rest of the file, so it is a problem of the file: nothing after it
 * could be told apart.
 */
export function readCsvTable(text: string): ReadTable {
  const skipped: Array<{ code: string; lines: number }> = [];
  let parsed: Parsed[];
  try {
    parsed = parse(text, {
      info: true,
      raw: true,
      relax_quotes: true,
      skip_empty_lines: true,
      relax_column_count: true,
      skip_records_with_error: true,
      on_skip: (err: { code?: string; lines?: number } | undefined) => {
        // One bad record can be reported more than once (at each place the parser gave up): once per line.
        const lines = err?.lines ?? 0;
        if (!skipped.some((s) => s.lines === lines)) skipped.push({ code: err?.code ?? 'CSV_INVALID', lines });
      },
    }) as unknown as Parsed[];
  } catch (err) {
    return { ok: false, problems: [{ code: 'invalid_csv', detail: `The file cannot be read as CSV: ${(err as Error).message}` }] };
  }
  if (parsed.length === 0) return { ok: false, problems: [{ code: 'empty', detail: 'The file has no header row.' }] };
  const [header, ...rows] = parsed;
  const headers = header.record.map((name) => headerKey(name.replace(/^\uFEFF/, '')));
  const problems = headerProblems(headers, header.record);
  const unclosed = skipped.find((s) => s.code === 'CSV_QUOTE_NOT_CLOSED');
  if (unclosed) {
    const from = rows.length ? rows[rows.length - 1].info.lines + 1 : header.info.lines + 1;
    problems.push({
      code: 'broken_quoting',
      detail: `A quote opened on or after line ${from} is never closed, so nothing from there to the end of the file can be read. Check the quotes around line ${from}.`,
    });
  }
  if (rows.length + skipped.length > MAX_LINK_IMPORT_RECORDS) {
    problems.push({ code: 'too_many_records', detail: `The file has more than ${MAX_LINK_IMPORT_RECORDS} records; split it.` });
  }
  if (problems.length) return { ok: false, problems };

  const entries: Array<{ line: number; row?: Parsed; skip?: string }> = [
    ...rows.map((row) => ({ line: startLine(row), row })),
    ...skipped.map((s) => ({ line: s.lines, skip: s.code })),
  ].sort((a, b) => a.line - b.line);
  if (entries.length === 0) return { ok: false, problems: [{ code: 'empty', detail: 'The file has a header but no records.' }] };

  const records: TableRecord[] = [];
  const unreadable: UnreadableRecord[] = [];
  entries.forEach((entry, index) => {
    const record = index + 1;
    const problem = entry.row ? recordProblem(entry.row.record, headers.length) : skipProblem(entry.skip!);
    if (problem) unreadable.push({ record, line: entry.line, problems: [problem] });
    else records.push({ record, line: entry.line, cells: new Map(headers.map((h, i) => [h, entry.row!.record[i].trim()])) });
  });
  return { ok: true, headers, records, unreadable };
}

function headerProblems(headers: string[], names: string[]): ImportNote[] {
  const seen = new Set<string>();
  const problems: ImportNote[] = [];
  headers.forEach((key, i) => {
    if (key !== '' && seen.has(key)) problems.push({ code: 'duplicate_column', detail: `The column ${JSON.stringify(names[i].slice(0, 80))} appears twice.` });
    seen.add(key);
  });
  return problems;
}

/** Why a record's cells cannot be read as a link: a different count than the header, or an oversized cell. */
export function recordProblem(cells: readonly string[], width: number): ImportNote | null {
  if (cells.length !== width) {
    return { code: 'wrong_field_count', detail: `This record has ${cells.length} fields and the header ${width}: a comma or quote is probably out of place.` };
  }
  const long = cells.findIndex((cell) => cell.length > MAX_CELL_CHARS);
  if (long >= 0) {
    return { code: 'cell_too_long', detail: `Field ${long + 1} has ${cells[long].length} characters; a field holds at most ${MAX_CELL_CHARS}.` };
  }
  return null;
}

function skipProblem(code: string): ImportNote {
  const quoting = code.includes('QUOTE');
  return {
    code: quoting ? 'broken_quoting' : 'invalid_csv',
    detail: quoting
      ? 'This record has a quote in the wrong place (a field must be wholly in quotes, with quotes inside it doubled).'
      : `This record cannot be read as CSV (${code}).`,
  };
}

/** The line a record starts on: csv-parse counts to its end, and its raw text tells how many lines it spans. */
function startLine(row: Parsed): number {
  const raw = row.raw.replace(/(\r\n|\r|\n)$/, '');
  const breaks = raw.match(/\r\n|\r|\n/g)?.length ?? 0;
  const leadingBlank = /^(?:\r\n|\r|\n)*/.exec(raw)![0].match(/\r\n|\r|\n/g)?.length ?? 0;
  return row.info.lines - breaks + leadingBlank;
}
