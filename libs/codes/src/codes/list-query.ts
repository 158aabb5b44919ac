import { Errors, fieldError, type FieldError } from '@qr/domain';
import { isQrType } from '@qr/qr-content';
import { type ListFilters } from './qr-codes.repository';

export interface ListQuery {
  limit: number;
  beforeId: string | null;
  filters: ListFilters;
}

/** Query parameters of `GET /qrcodes`; errors point at the parameter (`/limit`). */
export function parseListQuery(query: Record<string, unknown>, allowedFilters: readonly (keyof ListFilters)[]): ListQuery {
  const errors: FieldError[] = [];
  const known = ['limit', 'cursor', ...allowedFilters];
  for (const key of Object.keys(query)) if (!known.includes(key)) errors.push(fieldError(`/${key}`, 'unknown_parameter', 'unknown query parameter'));
  const limit = query.limit === undefined ? 20 : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) errors.push(fieldError('/limit', 'invalid', 'limit must be an integer from 1 to 100'));
  const beforeId = query.cursor === undefined ? null : decodeCursor(query.cursor);
  if (query.cursor !== undefined && beforeId === null) errors.push(fieldError('/cursor', 'invalid', 'not a cursor from a previous page'));
  const filters: ListFilters = {};
  for (const key of allowedFilters) {
    const value = query[key];
    if (value === undefined) continue;
    if (typeof value !== 'string' || value === '') errors.push(fieldError(`/${key}`, 'invalid', `${key} must be a single value`));
    else if (key === 'status' && value !== 'active' && value !== 'paused') errors.push(fieldError('/status', 'invalid', 'status must be active or paused'));
    else if (key === 'type' && !isQrType(value)) errors.push(fieldError('/type', 'invalid', 'unknown type'));
    else if (key === 'q' && value.length > 200) errors.push(fieldError('/q', 'invalid', 'search at most 200 characters'));
    else (filters as Record<string, string>)[key] = value;
  }
  if (errors.length) throw Errors.validationFailed(errors, 'The query parameters are not valid.');
  return { limit, beforeId, filters };
}

export function encodeCursor(id: string): string {
  return Buffer.from(id, 'utf8').toString('base64url');
}

function decodeCursor(value: unknown): string | null {
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{4,200}$/.test(value)) return null;
  const id = Buffer.from(value, 'base64url').toString('utf8');
  return /^[a-z]+_[0-9A-Za-z]{8,60}$/.test(id) ? id : null;
}

/** `{object: "list", data, has_more, next_cursor}` from a page fetched with limit + 1 rows. */
export function page<T extends { id: string }, V>(rows: T[], limit: number, view: (row: T) => V) {
  const hasMore = rows.length > limit;
  const data = rows.slice(0, limit);
  return { object: 'list' as const, data: data.map(view), has_more: hasMore, next_cursor: hasMore ? encodeCursor(data[data.length - 1].id) : null };
}
