import { FolderInput, readDeclared } from '@qr/api-contract';
import { Errors, fieldError, formatUtc, newId } from '@qr/domain';
import { type FolderRecord, type FoldersRepository } from './folders.repository';

export function folderView(f: FolderRecord) {
  return { id: f.id, object: 'folder' as const, name: f.name, created_at: formatUtc(new Date(f.created_at)) };
}

const duplicateName = () => Errors.validationFailed([fieldError('/name', 'duplicate', 'a folder with this name exists')]);

/** A folder's create and rename: the same body, its name's uniqueness checked on write. */
export class FolderChanges {
  constructor(private readonly folders: FoldersRepository) {}

  async create(workspaceId: string, body: unknown): Promise<FolderRecord> {
    const folder: FolderRecord = { id: newId('fld'), workspace_id: workspaceId, name: readDeclared(FolderInput, body).name, created_at: Date.now() };
    if (!(await this.folders.insert(folder))) throw duplicateName();
    return folder;
  }

  /** PATCH /folders/{id}: a new name, with the create rules. The codes keep their folder (the id does not change). */
  async rename(workspaceId: string, id: string, body: unknown): Promise<FolderRecord> {
    const outcome = await this.folders.rename(workspaceId, id, readDeclared(FolderInput, body).name);
    if (outcome === 'missing') throw Errors.notFound('folder');
    if (outcome === 'duplicate') throw duplicateName();
    return (await this.folders.find(workspaceId, id))!;
  }
}
