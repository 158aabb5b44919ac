import { LINK_IMPORT_SOURCES } from '@qr/api-contract';

/** The products whose exports an import reads. */
export const SOURCE_FORMATS = LINK_IMPORT_SOURCES;
export type SourceFormat = (typeof SOURCE_FORMATS)[number];

/** One problem (or a warning) about a record or the whole file, in words a person can act on. */
export interface ImportNote {
  code: string;
  detail: string;
  /** The normalized field it is about (`path`, `destination`, …), when there is one. */
  field?: keyof ImportedLinkFields;
}

/** What an import keeps of a source link. */
export interface ImportedLinkFields {
  /** Lowercase host the link was served on, or null when the export does not say (the default domain). */
  domain: string | null;
  /** The back-half: the path after the domain, without the leading slash, as exported (case kept). */
  path: string;
  destination: string;
  /** Tags, trimmed, empty ones dropped, first spelling of each kept; the first becomes the code's folder. */
  tags: string[];
  /** When the link stops answering, RFC 3339 in UTC; null when it does not expire. */
  expires_at: string | null;
  /** Visits after which the link stops answering; null without a limit. */
  visit_limit: number | null;
  title: string | null;
}

/** One link read from an export, with where it came from. */
export interface ImportedLink extends ImportedLinkFields {
  /** 1-based number of the record in the file: the CSV data row, or the JSON array entry. */
  record: number;
  /** Line of the file the record starts on (CSV and the Shlink table); null for JSON. */
  line: number | null;
  /** Things kept as they are but worth a look (a title that starts like a spreadsheet formula). */
  warnings: ImportNote[];
}

/** A record that could not be read into a link at all (broken quoting, a wrong field count). */
export interface UnreadableRecord {
  record: number;
  line: number | null;
  problems: ImportNote[];
}

/** A file read as one product's export: its links, the records that could not be read, and file-level problems. */
export interface ParsedExport {
  /** null when the file was not recognised (then `fileProblems` says why). */
  format: SourceFormat | null;
  links: ImportedLink[];
  unreadable: UnreadableRecord[];
  /** Problems with the file as a whole; when one is present, nothing of the file is imported. */
  fileProblems: ImportNote[];
}
