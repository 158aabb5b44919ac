import { MAX_IMPORT_ROWS } from '@qr/code-import';

/** Records per import: the same bound as our own CSV import. */
export const MAX_LINK_IMPORT_RECORDS = MAX_IMPORT_ROWS;

/**
 * Largest file read, in bytes. 5,000 links of 2,048-character destinations with titles and tags
 * fit well within it; parsing holds a few copies of the text, so memory stays a small multiple of it.
 */
export const MAX_EXPORT_BYTES = 16 * 1024 * 1024;

/** Longest cell read (a URL is at most 2,048 characters here; titles and tag lists are shorter). */
export const MAX_CELL_CHARS = 4096;

/** Longest piece of a refused value quoted back in a detail, so a 10 MB cell is not echoed back. */
export const QUOTE_CHARS = 80;

/** A value quoted for a detail: at most `QUOTE_CHARS` characters. */
export function quoted(value: string): string {
  return JSON.stringify(value.length > QUOTE_CHARS ? `${value.slice(0, QUOTE_CHARS)}…` : value);
}
