// CSV import of codes: the file's columns, reading it into create requests with their line
// numbers, and mapping the API's field errors back to lines and columns. Pure (csv-parse only).
export { parseCodeCsv, toRowError, MAX_IMPORT_ROWS, type ImportRow, type RowError } from './parse-code-csv';
export { EXPORT_COLUMNS } from './import-columns';
