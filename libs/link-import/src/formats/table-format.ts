import { type SourceFormat } from '../imported-link';
import { type LinkDraft } from './link-draft';

/** A product's CSV (or table) export: how to tell it by its header, and how to read one record. */
export interface TableFormat {
  format: SourceFormat;
  /** True when the normalized header keys (`headerKey`) are this export's. */
  matches(headers: ReadonlySet<string>): boolean;
  /** One record's links: usually one; Bitly gives one per custom link. */
  read(cells: ReadonlyMap<string, string>): LinkDraft[];
}
