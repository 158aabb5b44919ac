import { CONTENT_DECLARATIONS, fieldSchemas } from '@qr/api-contract';
import { GS1_COLUMNS } from './gs1-columns';

/** Columns every row may fill, whatever its type (the code's own fields). */
export const CODE_COLUMNS = [
  'client_ref',
  'name',
  'type',
  'category',
  'folder',
  'status',
  'scan_limit',
  'start_at',
  'end_at',
  'timezone',
  'daily_start',
  'daily_end',
  'daily_days',
  'fallback_url',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'content',
] as const;

/**
 * Columns that fill `content`, by type: the fields of the type's content declaration. A type whose
 * content nests lists or objects (menu, form) takes it as JSON in `content`; `gs1` has columns of its
 * own (gs1ContentOf), since every gs1 code is a GTIN, its qualifiers and links.
 */
export const CONTENT_COLUMNS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(CONTENT_DECLARATIONS).map(([type, declaration]) => {
    if (type === 'gs1') return [type, GS1_COLUMNS];
    const fields = fieldSchemas(declaration);
    const flat = fields.every(([, schema]) => schema.type !== 'array' && schema.$ref === undefined);
    return [type, flat ? fields.map(([name]) => name) : []];
  }),
);

const contentFields = Object.values(CONTENT_DECLARATIONS).flatMap((declaration) => fieldSchemas(declaration));
/** Content fields that are numbers or booleans in the API (the CSV has only text). */
export const NUMBER_FIELDS: ReadonlySet<string> = new Set(contentFields.filter(([, schema]) => schema.type === 'number').map(([name]) => name));
export const BOOLEAN_FIELDS: ReadonlySet<string> = new Set(contentFields.filter(([, schema]) => schema.type === 'boolean').map(([name]) => name));

/** The codes export's columns that say what a code is now: an import reads past them (export, edit, re-import). */
export const EXPORT_ONLY_COLUMNS = ['id', 'short_url', 'state', 'scan_count', 'created_at'] as const;

/**
 * Columns of the codes CSV export, in order; an import reads each back. A website's data is its
 * `url`; every other type's is `content`, as JSON.
 */
export const EXPORT_COLUMNS = ['client_ref', 'name', 'type', 'category', 'status', 'folder', 'url', 'content', 'scan_limit', ...EXPORT_ONLY_COLUMNS] as const;

export const KNOWN_COLUMNS: ReadonlySet<string> = new Set([...CODE_COLUMNS, ...Object.values(CONTENT_COLUMNS).flat(), ...EXPORT_ONLY_COLUMNS]);
