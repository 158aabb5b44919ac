import { readQuery } from '@qr/domain';
import { isQrType } from '@qr/qr-content';
import { type ListFilters } from './qr-codes.repository';

export interface ListQuery {
  limit: number;
  beforeId: string | null;
  filters: ListFilters;
}

/** Query parameters of `GET /qrcodes`; errors point at the parameter (`/limit`). */
export function parseListQuery(query: Record<string, unknown>, allowedFilters: readonly (keyof ListFilters)[]): ListQuery {
  return readQuery(query, ['limit', 'cursor', ...allowedFilters], (q) => {
    const limit = q.integer('limit', 1, 100, 20);
    const cursor = q.raw('cursor');
    const beforeId = cursor === undefined ? null : decodeCursor(cursor);
    if (cursor !== undefined && beforeId === null) q.add('/cursor', 'invalid', 'not a cursor from a previous page');
    const filters: ListFilters = {};
    for (const key of allowedFilters) {
      const value = q.single(key);
      if (value === undefined) continue;
      if (key === 'status' && value !== 'active' && value !== 'paused') q.add('/status', 'invalid', 'status must be active or paused');
      else if (key === 'type' && !isQrType(value)) q.add('/type', 'invalid', 'unknown type');
      else if (key === 'q' && value.length > 200) q.add('/q', 'invalid', 'search at most 200 characters');
      else (filters as Record<string, string>)[key] = value;
    }
    return { limit, beforeId, filters };
  });
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
