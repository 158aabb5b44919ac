// CSV import of codes: the file's columns, reading it into create requests with their line
// numbers, and mapping the API's field errors back to lines and columns. Pure (csv-parse only).
export { parseCodeCsv, toRowError, MAX_IMPORT_ROWS, type ImportRow, type RowError, type ParsedCsv } from './parse-code-csv';
export { CODE_COLUMNS, CONTENT_COLUMNS, KNOWN_COLUMNS, EXPORT_COLUMNS, EXPORT_ONLY_COLUMNS } from './import-columns';
export { GS1_COLUMNS, DEFAULT_GS1_LINK_TYPE } from './gs1-columns';
