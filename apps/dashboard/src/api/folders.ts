import { api } from './client';
import { listAll } from './list-all';
import { type DeletedFolder, type Folder, type MoveQrCodesResult } from './types';

/** The API takes at most this many codes in one move. */
export const MOVE_BATCH = 100;

/** Folders of the workspace. */
export const foldersApi = {
  all: (signal: AbortSignal) => listAll<Folder>('/folders', signal),
  create: (name: string) => api.post<Folder>('/folders', { name }),
  rename: (id: string, name: string) => api.patch<Folder>(`/folders/${encodeURIComponent(id)}`, { name }),
  remove: (id: string) => api.del<DeletedFolder>(`/folders/${encodeURIComponent(id)}`),
  /** Up to {@link MOVE_BATCH} codes into a folder, or out of any with null; all or none. */
  move: (codeIds: string[], folderId: string | null) => api.post<MoveQrCodesResult>('/qrcodes/move', { code_ids: codeIds, folder_id: folderId }),
};
