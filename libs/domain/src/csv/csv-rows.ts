import { stringify } from 'csv-stringify/sync';

// Spreadsheets run a cell that starts with one of these as a formula (OWASP "CSV injection"): the
// starts csv-stringify's escape_formulas guards, full-width forms included.
const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'];

/**
 * Rows as spreadsheet-friendly CSV: numbers as written, text made inert for spreadsheets, quoted
 * per RFC 4180, every row ended by CRLF. Text starting with a formula start gets a leading `'`,
 * which spreadsheets read as "this is text"; text holding a comma, a quote, CR or LF is wrapped in
 * quotes with inner quotes doubled.
 *
 * @example csvRows([['=HYPERLINK("http://x")', 42]]) // '"\'=HYPERLINK(""http://x"")",42\r\n'
 */
export function csvRows(rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  // With a record delimiter given, csv-stringify quotes a lone CR or LF only when told to.
  return stringify(rows as Array<Array<string | number>>, { record_delimiter: 'windows', quote_record_delimiter: true, escape_formulas: true });
}

/**
 * A cell's text as it was before `csvRows` made it inert: the `'` in front of a formula start is
 * taken off again, so a file this project exported reads back to the same values.
 *
 * @example fromCsvCell("'-sku-7") // '-sku-7'
 * @example fromCsvCell("'quoted") // "'quoted" (no formula start: kept as written)
 */
export function fromCsvCell(text: string): string {
  return text.startsWith("'") && startsLikeFormula(text.slice(1)) ? text.slice(1) : text;
}

/** Whether a spreadsheet would run this text as a formula. */
export function startsLikeFormula(text: string): boolean {
  return FORMULA_STARTS.some((start) => text.startsWith(start));
}
