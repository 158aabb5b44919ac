import { api } from './client';
import { listAll } from './list-all';
import { type Folder } from './types';

/** Folders of the workspace. */
export const foldersApi = {
  all: (signal: AbortSignal) => listAll<Folder>('/folders', signal),
  create: (name: string) => api.post<Folder>('/folders', { name }),
};
