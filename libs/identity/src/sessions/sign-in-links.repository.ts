import { type Database, insertOf, type Tx } from '@qr/persistence';
import { type SignInLinkRecord } from '../workspaces/identity-records';

export class SignInLinksRepository {
  constructor(private readonly db: Database) {}

  async insert(tx: Tx, l: SignInLinkRecord): Promise<void> {
    await tx.query(...insertOf('sign_in_links', l));
  }

  async findByTokenHash(hash: string): Promise<SignInLinkRecord | null> {
    const [row] = await this.db.query<SignInLinkRecord>('SELECT * FROM sign_in_links WHERE token_hash = $1', [hash]);
    return row ?? null;
  }

  /** Uses the link once: false when another request used it first, or it expired or was replaced meanwhile. */
  async markUsed(tx: Tx, id: string, now: number): Promise<boolean> {
    return (await tx.query('UPDATE sign_in_links SET used_at = $1 WHERE id = $2 AND used_at IS NULL AND expires_at > $1', [now, id])).affected === 1;
  }

  /** A new link replaces the unused ones of the same person and workspace: only the newest works. */
  async retireUnused(tx: Tx, email: string, workspaceId: string, now: number): Promise<void> {
    await tx.query('UPDATE sign_in_links SET expires_at = $1 WHERE email = $2 AND workspace_id = $3 AND used_at IS NULL AND expires_at > $1', [
      now,
      email,
      workspaceId,
    ]);
  }

  /** Per email, the expiry of the newest unused invitation link of the workspace (expired ones included). */
  async newestUnusedInvites(workspaceId: string): Promise<Map<string, { expires_at: number }>> {
    const rows = await this.db.query<{ email: string; expires_at: number }>(
      `SELECT email, MAX(expires_at) AS expires_at FROM sign_in_links
       WHERE workspace_id = $1 AND used_at IS NULL AND purpose IN ('invite', 'first_run') GROUP BY email`,
      [workspaceId],
    );
    return new Map(rows.map((r) => [r.email, { expires_at: Number(r.expires_at) }]));
  }
}
