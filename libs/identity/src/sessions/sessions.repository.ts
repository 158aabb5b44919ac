import { type Database, insertOf, type Tx } from '@qr/persistence';
import { type PlanName, type Role } from '@qr/domain';
import { type SessionRecord } from '../workspaces/identity-records';

/** A session with what authenticating it needs: the member's role and the workspace's plan, if still a member. */
export type SessionWithMember = SessionRecord & { member_id: string | null; role: Role | null; workspace_plan: PlanName | null };

export class SessionsRepository {
  constructor(private readonly db: Database) {}

  async insert(tx: Tx, s: SessionRecord): Promise<void> {
    await tx.query(...insertOf('sessions', s));
  }

  /** The hot lookup behind every dashboard call: one indexed read by digest, membership joined in. */
  async findByTokenHash(hash: string): Promise<SessionWithMember | null> {
    const [row] = await this.db.query<SessionWithMember>(
      `SELECT s.*, m.id AS member_id, m.role AS role, w.plan AS workspace_plan
       FROM sessions s
       LEFT JOIN members m ON m.workspace_id = s.workspace_id AND m.email = s.email
       LEFT JOIN workspaces w ON w.id = s.workspace_id
       WHERE s.token_hash = $1`,
      [hash],
    );
    return row ?? null;
  }

  async touch(id: string, now: number): Promise<void> {
    await this.db.execute('UPDATE sessions SET last_seen_at = $1 WHERE id = $2 AND last_seen_at < $1', [now, id]);
  }

  /** Of an email's workspaces, the one it last signed in to (or switched to), else the first. */
  async lastUsedOf<T extends { id: string }>(email: string, workspaces: T[]): Promise<T> {
    const [row] = await this.db.query<{ workspace_id: string }>(
      'SELECT workspace_id FROM sessions WHERE email = $1 ORDER BY last_seen_at DESC, id DESC LIMIT 1',
      [email],
    );
    return workspaces.find((w) => w.id === row?.workspace_id) ?? workspaces[0];
  }

  async switchWorkspace(id: string, email: string, workspaceId: string, now: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query('UPDATE sessions SET workspace_id = $1, last_seen_at = $2 WHERE id = $3 AND revoked_at IS NULL', [workspaceId, now, id]);
      await this.noteSignIn(tx, email, workspaceId, now);
    });
  }

  /** What the Members page shows as "last sign-in": kept on the member, since ended sessions are deleted. */
  async noteSignIn(tx: Tx, email: string, workspaceId: string, now: number): Promise<void> {
    await tx.query('UPDATE members SET last_sign_in_at = $1 WHERE email = $2 AND workspace_id = $3', [now, email, workspaceId]);
  }

  async revoke(id: string, now: number): Promise<void> {
    await this.db.execute('UPDATE sessions SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL', [now, id]);
  }

  /** Ends every live session of an email (password set or reset), or of an email in one workspace (member removed). */
  async revokeAllOf(tx: Tx, email: string, now: number, scope: { workspaceId?: string; exceptId?: string } = {}): Promise<number> {
    const where = ['email = $1', 'revoked_at IS NULL'];
    const params: unknown[] = [email, now];
    if (scope.workspaceId) where.push(`workspace_id = $${params.push(scope.workspaceId)}`);
    if (scope.exceptId) where.push(`id <> $${params.push(scope.exceptId)}`);
    return (await tx.query(`UPDATE sessions SET revoked_at = $2 WHERE ${where.join(' AND ')}`, params)).affected;
  }

  /** Rows of revoked sessions, and of sessions started or last used before `before`, serve no one: dropped at each sign-in. */
  async deleteEnded(tx: Tx, email: string, before: number): Promise<void> {
    await tx.query('DELETE FROM sessions WHERE email = $1 AND (revoked_at IS NOT NULL OR last_seen_at < $2 OR created_at < $2)', [email, before]);
  }
}
