import { Errors } from '@qr/domain';
import { duplicateFolderName, readFolderBody } from './folder-body';
import { type FolderRecord, type FoldersRepository } from './folders.repository';

/** PATCH /folders/{id}: a new name, with the create rules. The codes keep their folder (the id does not change). */
export class RenameFolder {
  constructor(private readonly folders: FoldersRepository) {}

  async execute(workspaceId: string, id: string, body: unknown): Promise<FolderRecord> {
    const { name } = readFolderBody(body);
    const outcome = await this.folders.rename(workspaceId, id, name);
    if (outcome === 'missing') throw Errors.notFound('folder');
    if (outcome === 'duplicate') throw duplicateFolderName();
    return (await this.folders.find(workspaceId, id))!;
  }
}
