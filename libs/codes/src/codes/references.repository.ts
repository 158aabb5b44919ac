import { type Database, type Tx } from '@qr/persistence';

type HasDomain = { custom_domain_id: string | null };

/** Which folder and verified-domain ids exist in a workspace (for validating references in bulk). */
export class ReferencesRepository {
  constructor(private readonly db: Database) {}

  async existingFolders(workspaceId: string, ids: readonly string[]): Promise<Set<string>> {
    return this.existing('SELECT id FROM folders', workspaceId, ids);
  }

  /**
   * Whether the folder exists, locked on PostgreSQL until `tx` ends: a write putting codes into it
   * holds it `share`, deleting it holds it `update`, so one waits for the other and no code is left
   * pointing at a folder that is gone. SQLite's writer lock serialises the two already.
   */
  async holdFolder(tx: Tx, workspaceId: string, id: string, mode: 'share' | 'update' = 'share'): Promise<boolean> {
    const lock = tx.dialect === 'postgres' ? ` FOR ${mode.toUpperCase()}` : '';
    return (await tx.query(`SELECT id FROM folders WHERE workspace_id = $1 AND id = $2${lock}`, [workspaceId, id])).rows.length === 1;
  }

  async verifiedDomains(workspaceId: string, ids: readonly string[]): Promise<Set<string>> {
    return this.existing(`SELECT id FROM custom_domains`, workspaceId, ids, ` AND status = 'verified'`);
  }

  /**
   * The short-link host of each record's custom domain (null: the platform's own host), read for all
   * of `records` in one query.
   */
  async hostLookup(records: readonly HasDomain[]): Promise<(record: HasDomain) => string | null> {
    const hosts = await this.domainHosts(records.flatMap((r) => (r.custom_domain_id ? [r.custom_domain_id] : [])));
    return (record) => (record.custom_domain_id ? (hosts.get(record.custom_domain_id) ?? null) : null);
  }

  async domainHosts(ids: readonly string[]): Promise<Map<string, string>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    const rows = await this.db.query<{ id: string; hostname: string }>(
      `SELECT id, hostname FROM custom_domains WHERE id IN (${unique.map((_, i) => `$${i + 1}`).join(', ')})`,
      unique,
    );
    return new Map(rows.map((r) => [r.id, r.hostname]));
  }

  private async existing(select: string, workspaceId: string, ids: readonly string[], extra = ''): Promise<Set<string>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Set();
    const rows = await this.db.query<{ id: string }>(`${select} WHERE workspace_id = $1${extra} AND id IN (${unique.map((_, i) => `$${i + 2}`).join(', ')})`, [
      workspaceId,
      ...unique,
    ]);
    return new Set(rows.map((r) => r.id));
  }
}
