import { type Actor } from '@qr/domain';
import { type Database, insertOf, type Tx } from '@qr/persistence';
import { type AuditLogRepository } from '../audit/audit-log.repository';
import { type ApiKeyRecord, type WorkspaceRecord } from './identity-records';

export type KeyWithWorkspace = ApiKeyRecord & { workspace_plan: WorkspaceRecord['plan'] };

export class ApiKeysRepository {
  constructor(private readonly db: Database) {}

  async insert(tx: Tx, k: ApiKeyRecord): Promise<void> {
    await tx.query(...insertOf('api_keys', k));
  }

  /** The hot lookup behind every authenticated call: one indexed read by digest. */
  async findByHash(hash: string): Promise<KeyWithWorkspace | null> {
    const [row] = await this.db.query<KeyWithWorkspace>(
      `SELECT k.*, w.plan AS workspace_plan FROM api_keys k JOIN workspaces w ON w.id = k.workspace_id WHERE k.key_hash = $1`,
      [hash],
    );
    return row ?? null;
  }

  async listActive(workspaceId: string, now: number): Promise<ApiKeyRecord[]> {
    return this.db.query<ApiKeyRecord>(
      `SELECT * FROM api_keys WHERE workspace_id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $2) ORDER BY id`,
      [workspaceId, now],
    );
  }

  /** Records a use; the condition keeps two replicas from writing the same minute twice. */
  async touch(id: string, now: number, interval: number): Promise<void> {
    await this.db.execute('UPDATE api_keys SET last_used_at = $1 WHERE id = $2 AND (last_used_at IS NULL OR last_used_at <= $3)', [now, id, now - interval]);
  }

  /** Revokes the live keys a dashboard member created in a workspace (all, or those of the given roles); how many. */
  async revokeCreatedBy(tx: Tx, workspaceId: string, memberId: string, now: number, roles: readonly string[]): Promise<number> {
    if (!roles.length) return 0;
    const { affected } = await tx.query(
      `UPDATE api_keys SET revoked_at = $1 WHERE workspace_id = $2 AND created_by_member_id = $3 AND revoked_at IS NULL AND role IN (${roles.map((_, i) => `$${i + 4}`).join(', ')})`,
      [now, workspaceId, memberId, ...roles],
    );
    return affected;
  }

  /** Revokes a key of this workspace, its audit entry in the same transaction; false when there is no such live key. */
  async revoke(workspaceId: string, id: string, now: number, audit?: { actor: Actor; log: AuditLogRepository }): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<ApiKeyRecord>(
        'UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND workspace_id = $3 AND revoked_at IS NULL RETURNING *',
        [now, id, workspaceId],
      );
      if (rows.length !== 1) return false;
      const target = { type: 'api_key', id, name: rows[0].name };
      await audit?.log.record({ workspaceId, action: 'api_key.revoked', target, actor: audit.actor }, tx);
      return true;
    });
  }
}
