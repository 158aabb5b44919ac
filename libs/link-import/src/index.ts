// Importing links from other shorteners: each product's documented export (Bitly, Dub, Shlink,
// Kutt, YOURLS) read into one normalized link with its record number, and the dry run that says
// per link what an import would do. Pure: text in, plans out (csv-parse only).
export {
  SOURCE_FORMATS,
  type SourceFormat,
  type ImportedLink,
  type ImportedLinkFields,
  type ImportNote,
  type ParsedExport,
  type UnreadableRecord,
} from './imported-link';
export { MAX_EXPORT_BYTES, MAX_CELL_CHARS, MAX_LINK_IMPORT_RECORDS } from './limits';
export { decodeExport, type DecodedExport } from './decode-export';
export { parseLinkExport } from './parse-link-export';
export { planLinkImport, type LinkImportPlan, type PlannedRecord, type PlanOutcome, type PlanContext } from './plan-link-import';
