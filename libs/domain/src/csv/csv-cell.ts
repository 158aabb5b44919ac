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
