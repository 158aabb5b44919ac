import { intOr, ListQrCodesQuery, PageQuery, readQueryDeclared } from '@qr/api-contract';
import { Errors } from '@qr/domain';
import { type ListFilters } from './qr-codes.repository';

/** Query parameters of `GET /qrcodes` (`filtered`) or of another page of a list; errors point at the parameter (`/limit`). */
export function parseListQuery(query: Record<string, unknown>, filtered: boolean) {
  const q = readQueryDeclared(filtered ? ListQrCodesQuery : PageQuery, query) as ListQrCodesQuery;
  const beforeId = q.cursor === undefined ? null : decodeCursor(q.cursor);
  if (q.cursor !== undefined && beforeId === null) {
    throw Errors.validationFailed(
      [{ pointer: '/cursor', code: 'invalid', detail: 'not a cursor from a previous page' }],
      'The query parameters are not valid.',
    );
  }
  const filters: ListFilters = Object.fromEntries(
    (['folder_id', 'status', 'type', 'client_ref', 'q'] as const).flatMap((key) => (q[key] === undefined ? [] : [[key, q[key]]])),
  );
  return { limit: intOr(q.limit, 20), beforeId, filters };
}

function decodeCursor(value: string): string | null {
  const id = Buffer.from(value, 'base64url').toString('utf8');
  return /^[a-z]+_[0-9A-Za-z]{8,60}$/.test(id) ? id : null;
}

/** `{object: "list", data, has_more, next_cursor}` from a page fetched with limit + 1 rows; the cursor names the last row (its id by default). */
export function page<T extends { id: string }, V>(
  rows: T[],
  limit: number,
  view: (row: T) => V,
  cursorOf = (row: T) => Buffer.from(row.id, 'utf8').toString('base64url'),
) {
  const hasMore = rows.length > limit;
  const data = rows.slice(0, limit);
  return { object: 'list' as const, data: data.map(view), has_more: hasMore, next_cursor: hasMore ? cursorOf(data[data.length - 1]) : null };
}
