import { api } from './client';
import { type ListPage } from './types';

/** More than any workspace keeps by hand; a picker longer than this would not be usable anyway. */
const MAX_ITEMS = 1000;

/** Every page of a public list (the API hands out 100 at most per page), up to MAX_ITEMS. */
export async function listAll<T>(path: string, signal: AbortSignal): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null | undefined;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const page = await api.get<ListPage<T>>(`${path}${sep}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { signal });
    items.push(...page.data);
    cursor = page.has_more ? page.next_cursor : null;
  } while (cursor && items.length < MAX_ITEMS);
  return items;
}
