/** The GS1 key and its qualifiers: columns that are content fields of the same name. */
const KEY_COLUMNS = ['gtin', 'cpv', 'lot', 'serial', 'item_description'] as const;
/** The default link's columns, by the link field each fills. */
const LINK_COLUMNS = { link_type: 'link_type', link_href: 'href', link_title: 'title', link_hreflang: 'hreflang' } as const;

/**
 * The columns of a `gs1` row (one code per row, one row per level: a product, a lot and a serial of
 * one GTIN are three rows). The key and its qualifiers are plain columns, as the API's content
 * fields; `data` holds the data attributes as the printed URI's query string shows them
 * (`17=270101&3103=000500`); the links are either one default link in the `link_*` columns (the
 * common case: one page per code), or every link as the API's JSON array in `links`.
 */
export const GS1_COLUMNS: readonly string[] = [...KEY_COLUMNS, 'data', 'links', ...Object.keys(LINK_COLUMNS)];

/** The link type of a link given in the `link_*` columns without `link_type`: the product information page. */
export const DEFAULT_GS1_LINK_TYPE = 'gs1:pip';

export interface Gs1Row {
  content: Record<string, unknown>;
  /** Cells that cannot be read, as the row's errors (parseCodeCsv adds the line). */
  errors: Array<{ column: string; code: string; detail: string }>;
  /** Content fields filled from a column of another name (the `link_*` columns), for errors the API reports there. */
  columns: Record<string, string>;
}

/** A gs1 row's cells (read with `value`) as the create request's `content`; the API's validation checks the rest. */
export function gs1ContentOf(value: (column: string) => string): Gs1Row {
  const content: Record<string, unknown> = {};
  const errors: Gs1Row['errors'] = [];
  const columns: Record<string, string> = {};
  for (const field of KEY_COLUMNS) if (value(field)) content[field] = value(field);
  if (value('data')) {
    const data = dataAttributesOf(value('data'));
    if (data) content.data = data;
    else
      errors.push({
        column: 'data',
        code: 'invalid_data',
        detail: 'data is read as the URI’s query string: AI=value pairs joined by &, such as 17=270101&3103=000500',
      });
  }
  const shorthand = Object.keys(LINK_COLUMNS).filter((column) => value(column) !== '');
  if (value('links')) {
    if (shorthand.length)
      errors.push({
        column: 'links',
        code: 'conflicting_columns',
        detail: `give the links either as JSON in links or as one link in ${shorthand.join(', ')}, not both`,
      });
    try {
      content.links = JSON.parse(value('links'));
    } catch {
      errors.push({ column: 'links', code: 'invalid_json', detail: 'links is not valid JSON: a list of links as the API takes them' });
    }
  } else if (shorthand.length) {
    const link: Record<string, unknown> = { link_type: value('link_type') || DEFAULT_GS1_LINK_TYPE };
    if (value('link_href')) link.href = value('link_href');
    if (value('link_title')) link.title = value('link_title');
    if (value('link_hreflang'))
      link.hreflang = value('link_hreflang')
        .split(/[\s,;]+/)
        .filter(Boolean);
    link.default = true;
    content.links = [link];
    for (const [column, field] of Object.entries(LINK_COLUMNS)) columns[`/content/links/0/${field}`] = column;
    columns['/content/links'] = 'link_href';
  }
  return { content, errors, columns };
}

/** `17=270101&3103=000500` (a leading `?` allowed) as `{ '17': '270101', '3103': '000500' }`; null when a pair is not AI=value. */
function dataAttributesOf(cell: string): Record<string, string> | null {
  const data: Record<string, string> = {};
  for (const pair of cell.replace(/^\?/, '').split('&')) {
    const match = /^(\d{2,4})=(.+)$/.exec(pair.trim());
    if (!match) return null;
    data[match[1]] = match[2];
  }
  return data;
}
