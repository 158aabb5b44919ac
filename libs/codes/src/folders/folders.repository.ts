import { type Database, insertOf, readRows, type Tx } from '@qr/persistence';

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
    const [insert, params] = insertOf('folders', f);
    return (await this.db.execute(`${insert} ON CONFLICT DO NOTHING`, params)).affected === 1;
  }

  async find(workspaceId: string, id: string, tx?: Tx): Promise<FolderRecord | null> {
    const [row] = await readRows<FolderRecord>(this.db, tx, 'SELECT * FROM folders WHERE workspace_id = $1 AND id = $2', [workspaceId, id]);
    return row ? { ...row, created_at: Number(row.created_at) } : null;
  }

  /** 'duplicate' when another folder of the workspace has that name. */
  async rename(workspaceId: string, id: string, name: string): Promise<'renamed' | 'missing' | 'duplicate'> {
    return this.db.transaction(async (tx) => {
      if (!(await this.find(workspaceId, id, tx))) return 'missing';
      const { rows } = await tx.query('SELECT id FROM folders WHERE workspace_id = $1 AND name = $2 AND id <> $3', [workspaceId, name, id]);
      if (rows.length) return 'duplicate';
      await tx.query('UPDATE folders SET name = $1 WHERE workspace_id = $2 AND id = $3', [name, workspaceId, id]);
      return 'renamed';
    });
  }

  async delete(tx: Tx, workspaceId: string, id: string): Promise<boolean> {
    return (await tx.query('DELETE FROM folders WHERE workspace_id = $1 AND id = $2', [workspaceId, id])).affected === 1;
  }

  list(workspaceId: string, beforeId: string | null, limit: number): Promise<FolderRecord[]> {
    return beforeId
      ? this.db.query<FolderRecord>('SELECT * FROM folders WHERE workspace_id = $1 AND id < $2 ORDER BY id DESC LIMIT $3', [workspaceId, beforeId, limit])
      : this.db.query<FolderRecord>('SELECT * FROM folders WHERE workspace_id = $1 ORDER BY id DESC LIMIT $2', [workspaceId, limit]);
  }
}
