import { type Database, insertOf } from '@qr/persistence';

export interface CustomDomainRecord {
  id: string;
  workspace_id: string;
  hostname: string;
  verification_token: string;
  status: 'pending' | 'verified';
  last_checked_at: number | null;
  last_error: string | null;
  verified_at: number | null;
  created_at: number;
}

export class CustomDomainsRepository {
  constructor(private readonly db: Database) {}

  /** False when the hostname is registered already (by any workspace). */
  async insert(d: CustomDomainRecord): Promise<boolean> {
    const [insert, params] = insertOf('custom_domains', d);
    return (await this.db.execute(`${insert} ON CONFLICT DO NOTHING`, params)).affected === 1;
  }

  async find(workspaceId: string, id: string): Promise<CustomDomainRecord | null> {
    const [row] = await this.db.query<CustomDomainRecord>('SELECT * FROM custom_domains WHERE workspace_id = $1 AND id = $2', [workspaceId, id]);
    return row ?? null;
  }

  list(workspaceId: string, beforeId: string | null, limit: number): Promise<CustomDomainRecord[]> {
    return beforeId
      ? this.db.query<CustomDomainRecord>('SELECT * FROM custom_domains WHERE workspace_id = $1 AND id < $2 ORDER BY id DESC LIMIT $3', [
          workspaceId,
          beforeId,
          limit,
        ])
      : this.db.query<CustomDomainRecord>('SELECT * FROM custom_domains WHERE workspace_id = $1 ORDER BY id DESC LIMIT $2', [workspaceId, limit]);
  }

  /** Whether `hostname` (normalized) is a verified custom domain of some workspace; which one is not asked. */
  async isVerified(hostname: string): Promise<boolean> {
    const rows = await this.db.query<{ one: number }>(`SELECT 1 AS one FROM custom_domains WHERE hostname = $1 AND status = 'verified'`, [hostname]);
    return rows.length > 0;
  }

  async recordCheck(id: string, outcome: { verified: boolean; error: string | null; at: number }): Promise<void> {
    await this.db.execute(
      `UPDATE custom_domains SET last_checked_at = $1, last_error = $2,
         status = CASE WHEN $3 = 1 THEN 'verified' ELSE status END,
         verified_at = CASE WHEN $3 = 1 AND verified_at IS NULL THEN $1 ELSE verified_at END
       WHERE id = $4`,
      [outcome.at, outcome.error, outcome.verified ? 1 : 0, id],
    );
  }
}
