import { checkOptionalName, type Clock, Errors, fieldError, formatUtc, isPlainObject, newId, notAnObject, systemClock, unknownFields } from '@qr/domain';
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
    if (!isPlainObject(body)) throw Errors.validationFailed([notAnObject()]);
    const errors = [
      ...unknownFields(body, ['name']),
      ...(body.name === undefined ? [fieldError('/name', 'required', 'name is required')] : checkOptionalName(body.name, '/name', 200)),
    ];
    if (errors.length) throw Errors.validationFailed(errors);
    const folder: FolderRecord = { id: newId('fld', this.clock), workspace_id: workspaceId, name: body.name as string, created_at: this.clock().getTime() };
    if (!(await this.folders.insert(folder))) throw Errors.validationFailed([fieldError('/name', 'duplicate', 'a folder with this name exists')]);
    return folder;
  }
}
