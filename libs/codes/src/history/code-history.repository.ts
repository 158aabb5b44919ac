import { type Actor } from '@qr/domain';
import { type Database, insertOf, type Tx } from '@qr/persistence';
import { type HistoryAction } from './code-changes';

/** One change to one code; `revision` is the code's revision after it, so entries sort exactly. */
export interface CodeHistoryRecord {
  id: string;
  workspace_id: string;
  qr_id: string;
  revision: number;
  event_id: string;
  action: HistoryAction;
  /** JSON text of FieldChange[]. */
  changes: string;
  actor_kind: Actor['kind'];
  actor_id: string | null;
  actor_name: string | null;
  via: Actor['via'];
  request_id: string | null;
  occurred_at: number;
}

/**
 * Code history: written with the code's event, in its transaction (CodeChangeLog), and only read
 * otherwise. Rows outlive the code's deletion; no route updates or deletes them.
 */
export class CodeHistoryRepository {
  constructor(private readonly db: Database) {}

  async insert(tx: Tx, rows: readonly CodeHistoryRecord[]): Promise<void> {
    if (!rows.length) return;
    await tx.query(...insertOf('code_history', rows));
  }

  /** Newest first; `beforeRevision` continues after the last entry of the previous page. */
  async list(workspaceId: string, qrId: string, beforeRevision: number | null, limit: number): Promise<CodeHistoryRecord[]> {
    const rows = await this.db.query<CodeHistoryRecord>(
      `SELECT * FROM code_history WHERE workspace_id = $1 AND qr_id = $2${beforeRevision === null ? '' : ' AND revision < $4'}
       ORDER BY revision DESC LIMIT $3`,
      beforeRevision === null ? [workspaceId, qrId, limit] : [workspaceId, qrId, limit, beforeRevision],
    );
    return rows.map((r) => ({ ...r, revision: Number(r.revision), occurred_at: Number(r.occurred_at) }));
  }
}
