import { type Clock, formatUtc, newId, systemClock } from '@qr/domain';
import { duplicateFolderName, readFolderBody } from './folder-body';
import { type FolderRecord, type FoldersRepository } from './folders.repository';

export function folderView(f: FolderRecord) {
  return { id: f.id, object: 'folder' as const, name: f.name, created_at: formatUtc(new Date(f.created_at)) };
}

export class CreateFolder {
  constructor(
    private readonly folders: FoldersRepository,
    private readonly clock: Clock = systemClock,
  ) {}

  async execute(workspaceId: string, body: unknown): Promise<FolderRecord> {
    const { name } = readFolderBody(body);
    const folder: FolderRecord = { id: newId('fld', this.clock), workspace_id: workspaceId, name, created_at: this.clock().getTime() };
    if (!(await this.folders.insert(folder))) throw duplicateFolderName();
    return folder;
  }
}
