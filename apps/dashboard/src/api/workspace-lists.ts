import { useResource, type Resource } from '../lib/use-resource';
import { api } from './client';
import { type Domain, type Folder, type ListPage } from './types';

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

/** The workspace's folders, for pickers and names in lists. */
export function useFolders(): Resource<Folder[]> {
  return useResource((signal) => listAll<Folder>('/folders', signal), 'folders');
}

/** The workspace's custom domains. */
export function useDomains(): Resource<Domain[]> {
  return useResource((signal) => listAll<Domain>('/domains', signal), 'domains');
}
