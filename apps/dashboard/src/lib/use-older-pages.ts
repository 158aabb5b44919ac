import { useState } from 'preact/hooks';
import { type ListPage } from '../api/types';
import { type Resource, useResource } from './use-resource';

/**
 * A newest-first list that grows downwards: the first page, then "Show older" appends the next.
 * Pages already shown stay while the next loads. `key` names the list (another code starts over).
 */
export function useOlderPages<T>(
  load: (cursor: string | null, signal: AbortSignal) => Promise<ListPage<T>>,
  key: string,
): { entries: T[]; page: Resource<ListPage<T>>; more: () => void } {
  const [cursor, setCursor] = useState<string | null>(null);
  const [earlier, setEarlier] = useState<T[]>([]);
  const page = useResource((signal) => load(cursor, signal), `${key}:${cursor ?? ''}`);
  const entries = [...earlier, ...(page.data?.data ?? [])];
  const more = () => {
    if (!page.data?.next_cursor) return;
    setEarlier(entries);
    setCursor(page.data.next_cursor);
  };
  return { entries, page, more };
}
