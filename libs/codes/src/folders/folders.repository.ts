import { type Database } from '@qr/persistence';

export interface FolderRecord {
  id: string;
  workspace_id: string;
  name: string;
  created_at: number;
}

export class FoldersRepository {
  constructor(private readonly db: Database) {}

  /** False when the workspace already has a folder of that name. */
  async insert(f: FolderRecord): Promise<boolean> {
    const { affected } = await this.db.execute('INSERT INTO folders (id, workspace_id, name, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
      f.id,
      f.workspace_id,
      f.name,
      f.created_at,
    ]);
    return affected === 1;
  }

  list(workspaceId: string, beforeId: string | null, limit: number): Promise<FolderRecord[]> {
    return beforeId
      ? this.db.query<FolderRecord>('SELECT * FROM folders WHERE workspace_id = $1 AND id < $2 ORDER BY id DESC LIMIT $3', [workspaceId, beforeId, limit])
      : this.db.query<FolderRecord>('SELECT * FROM folders WHERE workspace_id = $1 ORDER BY id DESC LIMIT $2', [workspaceId, limit]);
  }
}
