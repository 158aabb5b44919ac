import type { Folder, FolderInput, ListParams } from '../api-types.js';
import { PageIterator, type Page } from '../pagination/page-iterator.js';
import type { HttpTransport } from '../transport/http-transport.js';
import type { CallOptions } from './call-options.js';

/** `qr.folders`: group codes (`folder_id` on a code; `codes.list({ folder_id })`, `analytics.workspace({ folder_id })`). */
export class Folders {
  constructor(private readonly http: HttpTransport) {}

  /**
   * Creates a folder; names are unique in the workspace (422 `duplicate`).
   *
   * @example
   * const spring = await qr.folders.create({ name: 'Spring campaign' });
   */
  async create(input: FolderInput, options?: CallOptions): Promise<Folder> {
    return (await this.http.request<Folder>({ method: 'POST', path: '/folders', body: input, signal: options?.signal })).data;
  }

  /** Every folder, newest first, page by page as you iterate. */
  list(params: ListParams = {}, options?: CallOptions): PageIterator<Folder> {
    return new PageIterator(
      async (cursor) =>
        (await this.http.request<Page<Folder>>({ method: 'GET', path: '/folders', query: { ...params, cursor }, signal: options?.signal })).data,
    );
  }
}
