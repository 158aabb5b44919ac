// Spreadsheets run a cell that starts with one of these as a formula (OWASP "CSV injection").
const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r'];

/**
 * One CSV cell: numbers as written, text made inert for spreadsheets and quoted per RFC 4180.
 * Text starting with = + - @ TAB or CR gets a leading `'`, which spreadsheets read as "this is
 * text"; text holding a comma, a quote, CR or LF is wrapped in quotes with inner quotes doubled.
 *
 * @example csvCell('=HYPERLINK("http://x")') // '"\'=HYPERLINK(""http://x"")"'
 * @example csvCell(42) // '42'
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const inert = FORMULA_STARTS.some((start) => value.startsWith(start)) ? `'${value}` : value;
  return /[",\r\n]/.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
}

/**
 * A cell's text as it was before `csvCell` made it inert: the `'` in front of = + - @ TAB or CR is
 * taken off again, so a file this project exported reads back to the same values.
 *
 * @example fromCsvCell("'-sku-7") // '-sku-7'
 * @example fromCsvCell("'quoted") // "'quoted" (no formula start: kept as written)
 */
export function fromCsvCell(text: string): string {
  return text.startsWith("'") && FORMULA_STARTS.some((start) => text.startsWith(start, 1)) ? text.slice(1) : text;
}
