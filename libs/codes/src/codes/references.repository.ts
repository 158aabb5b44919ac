import { type Database } from '@qr/persistence';

/** Which folder and verified-domain ids exist in a workspace (for validating references in bulk). */
export class ReferencesRepository {
  constructor(private readonly db: Database) {}

  async existingFolders(workspaceId: string, ids: readonly string[]): Promise<Set<string>> {
    return this.existing('SELECT id FROM folders', workspaceId, ids);
  }

  async verifiedDomains(workspaceId: string, ids: readonly string[]): Promise<Set<string>> {
    return this.existing(`SELECT id FROM custom_domains`, workspaceId, ids, ` AND status = 'verified'`);
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
