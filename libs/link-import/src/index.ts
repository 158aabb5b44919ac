// Importing links from other shorteners: each product's documented export (Bitly, Dub, Shlink,
// Kutt, YOURLS) read into one normalized link with its record number, and the dry run that says
// per link what an import would do. Pure: text in, plans out (csv-parse only).
export { SOURCE_FORMATS, type SourceFormat, type ImportedLink } from './imported-link';
export { MAX_EXPORT_BYTES } from './limits';
export { parseLinkExport } from './parse-link-export';
export { planLinkImport, type LinkImportPlan } from './plan-link-import';
