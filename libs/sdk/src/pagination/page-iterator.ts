import type { HttpTransport } from '../transport/http-transport.js';

/** One page of a cursor-paginated list, as the API answers it. */
export interface Page<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

/**
 * A cursor-paginated list: iterate it for every item across pages, fetched lazily one page at a
 * time (`limit` items each) as the loop goes; `pages()` iterates whole pages instead. Every
 * iteration starts again from the first page. The list is newest first and each cursor continues
 * below the last item seen, so nothing is repeated or skipped, and items created meanwhile do not
 * appear.
 *
 * @example
 * for await (const code of qr.codes.list({ status: 'active', limit: 100 })) console.log(code.id);
 * const firstPage = (await qr.codes.list({ limit: 10 }).pages().next()).value;
 */
export class PageIterator<T> implements AsyncIterable<T> {
  constructor(private readonly fetchPage: (cursor: string | undefined) => Promise<Page<T>>) {}

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    for await (const page of this.pages()) yield* page.data;
  }

  /** Every page in turn, from the first. */
  async *pages(): AsyncGenerator<Page<T>, void, undefined> {
    let cursor: string | undefined;
    for (;;) {
      const page = await this.fetchPage(cursor);
      yield page;
      if (!page.has_more || !page.next_cursor) return;
      cursor = page.next_cursor;
    }
  }

  /** Every item in one array. Mind the size: this fetches the whole list. */
  async toArray(): Promise<T[]> {
    const items: T[] = [];
    for await (const item of this) items.push(item);
    return items;
  }
}

/** A list endpoint's items (`query`: its filters and `limit`), each page a GET with the previous page's cursor. */
export function listAt<T>(http: HttpTransport, path: string, query: object, signal?: AbortSignal): PageIterator<T> {
  return new PageIterator(async (cursor) => http.send<Page<T>>({ method: 'GET', path, query: { ...query, cursor }, signal }));
}
