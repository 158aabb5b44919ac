import { isPlainObject } from '@qr/domain';
import { decodeExport } from './decode-export';
import { BITLY } from './formats/bitly';
import { DUB } from './formats/dub';
import { readKuttJson } from './formats/kutt';
import { type LinkDraft } from './formats/link-draft';
import { readShlinkJson, readShlinkTable, SHLINK } from './formats/shlink';
import { type TableFormat } from './formats/table-format';
import { YOURLS } from './formats/yourls';
import { type ImportedLink, type ImportNote, type ParsedExport, type UnreadableRecord } from './imported-link';
import { MAX_CELL_CHARS, MAX_LINK_IMPORT_RECORDS } from './limits';
import { headerKey, readCsvTable, recordProblem, type TableRecord } from './read-table';

// Most specific first: Dub's old `link,url` would also pass a looser test, Bitly's never has `url`.
const TABLE_FORMATS: readonly TableFormat[] = [SHLINK, YOURLS, DUB, BITLY];

/**
 * A source product's export, recognised by its shape (JSON: Shlink's or Kutt's list; a `+---`
 * table: Shlink's CLI; else CSV, by its header), read into links with their record numbers.
 * Nothing is judged here beyond reading: back-half rules, destinations, domains and duplicates are
 * the planner's (`planLinkImport`), so every format is judged alike.
 *
 * @example
 * parseLinkExport('source,target,hits\n/promo/,https://example.com/p,3\n')
 * // { format: 'yourls', links: [{ record: 1, line: 2, domain: null, path: 'promo', destination: 'https://example.com/p', … }], unreadable: [], fileProblems: [] }
 */
export function parseLinkExport(input: Uint8Array | string): ParsedExport {
  const decoded = decodeExport(input);
  if (!decoded.ok) return refused([decoded.problem]);
  const text = decoded.text;
  const start = text.trimStart()[0];
  if (start === '{' || start === '[') return parseJson(text);
  const table = readShlinkTable(text);
  if (table) return fromShlinkTable(table.headers.map(headerKey), table.rows);
  const csv = readCsvTable(text);
  if (!csv.ok) return refused(csv.problems);
  return fromTable(csv.headers, csv.records, csv.unreadable);
}

function fromTable(headers: string[], records: TableRecord[], unreadable: UnreadableRecord[]): ParsedExport {
  const keys = new Set(headers);
  const format = TABLE_FORMATS.find((f) => f.matches(keys));
  if (!format) {
    return refused([
      {
        code: 'unknown_format',
        detail:
          'The header is not one of a Bitly, Dub, Shlink or YOURLS export (for example Shlink: shortCode and longUrl; YOURLS: keyword and url; ' +
          'Dub: Short link and Destination URL; Bitly: Link and Destination URL). Upload the file as the product exported it.',
      },
    ]);
  }
  const links: ImportedLink[] = [];
  const problems: UnreadableRecord[] = [...unreadable];
  for (const { record, line, cells } of records) collect(format.read(cells), record, line, links, problems);
  return { format: format.format, links, unreadable: problems.sort((a, b) => a.record - b.record), fileProblems: [] };
}

/** The rows `short-url:list` printed; a row whose cells do not line up with the header is reported, not guessed. */
function fromShlinkTable(headers: string[], rows: Array<{ line: number; cells: string[] }>): ParsedExport {
  if (rows.length > MAX_LINK_IMPORT_RECORDS) {
    return refused([{ code: 'too_many_records', detail: `The table has ${rows.length} rows; an import reads at most ${MAX_LINK_IMPORT_RECORDS}. Split it.` }]);
  }
  const records: TableRecord[] = [];
  const unreadable: UnreadableRecord[] = [];
  rows.forEach(({ line, cells }, index) => {
    const problem = recordProblem(cells, headers.length);
    if (!problem) records.push({ record: index + 1, line, cells: new Map(headers.map((h, i) => [h, cells[i]])) });
    else {
      const detail =
        problem.code === 'wrong_field_count'
          ? `${problem.detail} In the table, a title holding " | " cannot be told apart: export JSON instead.`
          : problem.detail;
      unreadable.push({ record: index + 1, line, problems: [{ ...problem, detail }] });
    }
  });
  return fromTable(headers, records, unreadable);
}

function parseJson(text: string): ParsedExport {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return refused([{ code: 'invalid_json', detail: `The file starts like JSON but is not valid JSON: ${(err as Error).message}` }]);
  }
  const items = listItems(value);
  if (!items) {
    return refused([
      {
        code: 'unknown_format',
        detail:
          'The JSON is neither Shlink’s short URL list ({ shortUrls: { data: [...] } }) nor Kutt’s link list ({ data: [...] }) nor an array of their entries.',
      },
    ]);
  }
  if (items.length === 0) return refused([{ code: 'empty', detail: 'The list has no links.' }]);
  if (items.length > MAX_LINK_IMPORT_RECORDS) {
    return refused([
      { code: 'too_many_records', detail: `The file has ${items.length} records; an import reads at most ${MAX_LINK_IMPORT_RECORDS}. Split it.` },
    ]);
  }
  const shlink = items.some((item) => isPlainObject(item) && 'shortCode' in item && 'longUrl' in item);
  const kutt = items.some((item) => isPlainObject(item) && 'address' in item && 'target' in item);
  if (shlink === kutt) {
    return refused([
      {
        code: 'unknown_format',
        detail: shlink
          ? 'The list mixes Shlink and Kutt entries; import each product’s export on its own.'
          : 'The entries have neither Shlink’s shortCode and longUrl nor Kutt’s address and target.',
      },
    ]);
  }
  const links: ImportedLink[] = [];
  const unreadable: UnreadableRecord[] = [];
  items.forEach((item, index) => {
    const oversized = oversizedText(item);
    if (oversized) unreadable.push({ record: index + 1, line: null, problems: [oversized] });
    else collect([shlink ? readShlinkJson(item) : readKuttJson(item)], index + 1, null, links, unreadable);
  });
  return { format: shlink ? 'shlink' : 'kutt', links, unreadable, fileProblems: [] };
}

/** The entries of Shlink's `{ shortUrls: { data } }`, Kutt's `{ data }`, a bare array, or an array of Kutt pages. */
function listItems(value: unknown): unknown[] | null {
  if (Array.isArray(value)) {
    const pages = value.length > 0 && value.every((v) => isPlainObject(v) && Array.isArray(v.data));
    return pages ? value.flatMap((page) => (page as { data: unknown[] }).data) : value;
  }
  if (!isPlainObject(value)) return null;
  if (isPlainObject(value.shortUrls) && Array.isArray(value.shortUrls.data)) return value.shortUrls.data;
  if (Array.isArray(value.data)) return value.data;
  return null;
}

/** The first string of an entry (its fields, `meta`'s, its tags) longer than a CSV cell may be, as a problem; else null. */
function oversizedText(item: unknown): ImportNote | null {
  if (!isPlainObject(item)) return null;
  const named = (prefix: string, value: unknown): Array<[string, unknown]> =>
    isPlainObject(value) || Array.isArray(value) ? Object.entries(value).map(([key, v]) => [`${prefix}${key}`, v]) : [];
  const fields = [...named('', item), ...named('meta.', item.meta), ...named('tags.', item.tags)];
  const long = fields.find((f): f is [string, string] => typeof f[1] === 'string' && f[1].length > MAX_CELL_CHARS);
  return long ? { code: 'cell_too_long', detail: `The field ${long[0]} has ${long[1].length} characters; a field holds at most ${MAX_CELL_CHARS}.` } : null;
}

function collect(drafts: LinkDraft[], record: number, line: number | null, links: ImportedLink[], unreadable: UnreadableRecord[]): void {
  const problems: ImportNote[] = [];
  for (const d of drafts) {
    if (d.ok) links.push({ ...d.fields, record, line, warnings: d.warnings });
    else problems.push(...d.problems);
  }
  if (problems.length) unreadable.push({ record, line, problems });
}

function refused(problems: ImportNote[]): ParsedExport {
  return { format: null, links: [], unreadable: [], fileProblems: problems };
}
