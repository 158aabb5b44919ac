import type { DeletedFolder, Folder, FolderInput, ListParams, MoveQrCodesResult } from '../api-types.js';
import { listAt, type PageIterator } from '../pagination/page-iterator.js';
import type { HttpTransport } from '../transport/http-transport.js';
import { type CallOptions, id } from './call-options.js';

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
    return this.http.send<Folder>({ method: 'POST', path: '/folders', body: input, signal: options?.signal });
  }

  /** Every folder, newest first, page by page as you iterate. */
  list(params: ListParams = {}, options?: CallOptions): PageIterator<Folder> {
    return listAt(this.http, '/folders', params, options?.signal);
  }

  /** Renames a folder (422 `duplicate` when another folder has the name); its codes stay in it. */
  async rename(folderId: string, name: string, options?: CallOptions): Promise<Folder> {
    return this.http.send<Folder>({ method: 'PATCH', path: `/folders/${id(folderId)}`, body: { name }, signal: options?.signal });
  }

  /** Deletes a folder; its codes move to no folder in the same transaction (`codes_moved` says how many). */
  async delete(folderId: string, options?: CallOptions): Promise<DeletedFolder> {
    return this.http.send<DeletedFolder>({ method: 'DELETE', path: `/folders/${id(folderId)}`, signal: options?.signal });
  }

  /**
   * Moves up to 100 codes into a folder, or out of any with `null`: all of them or, when one id is
   * unknown (422 at `/code_ids/<i>`), none.
   *
   * @example
   * await qr.folders.move([code.id, other.id], spring.id);
   */
  async move(codeIds: string[], folderId: string | null, options?: CallOptions): Promise<MoveQrCodesResult> {
    return this.http.send<MoveQrCodesResult>({
      method: 'POST',
      path: '/qrcodes/move',
      body: { code_ids: codeIds, folder_id: folderId },
      // Putting codes in a folder twice leaves them where once did: safe to send again.
      idempotent: true,
      signal: options?.signal,
    });
  }
}
