import { type Database, insertOf, readRows, type Tx } from '@qr/persistence';
import { type LinkRecord, linkFromRow, linkRow } from './link-record';

export class LinksRepository {
  constructor(private readonly db: Database) {}

  /** Links by route key (routeKey: the short code, with the host on a custom domain). */
  async findByRouteKeys(keys: readonly string[]): Promise<LinkRecord[]> {
    if (keys.length === 0) return [];
    const rows = await this.db.query(`SELECT * FROM links WHERE route_key IN (${keys.map((_, i) => `$${i + 1}`).join(', ')})`, keys);
    return rows.map(linkFromRow);
  }

  /**
   * Applies a snapshot only if it is newer than what is stored, so the sync command and the event
   * (which may arrive in either order, or twice) converge on the latest revision.
   */
  async upsertIfNewer(tx: Tx, link: LinkRecord): Promise<boolean> {
    const row = linkRow(link);
    const [insert, params] = insertOf('links', row);
    // Everything but the key and the scan count, which is this store's own.
    const sets = Object.keys(row)
      .filter((c) => c !== 'qr_id' && c !== 'scan_count')
      .map((c) => `${c} = excluded.${c}`);
    const { affected } = await tx.query(`${insert} ON CONFLICT (qr_id) DO UPDATE SET ${sets.join(', ')} WHERE links.revision < excluded.revision`, params);
    return affected === 1;
  }

  /**
   * The live gs1 codes at `paths` on a host: `domainHost` null for the platform's shared hosts (codes
   * without a custom domain), else the codes of that verified custom domain. One query per resolution.
   */
  async findGs1(domainHost: string | null, paths: readonly string[]): Promise<LinkRecord[]> {
    if (paths.length === 0) return [];
    const hostClause = domainHost === null ? 'domain_host IS NULL' : `domain_host = $${paths.length + 1}`;
    const rows = await this.db.query(
      `SELECT * FROM links WHERE gs1_path IN (${paths.map((_, i) => `$${i + 1}`).join(', ')}) AND ${hostClause} AND deleted_at IS NULL`,
      domainHost === null ? [...paths] : [...paths, domainHost],
    );
    return rows.map(linkFromRow);
  }

  /** Deletion is final: it applies whatever the stored revision. */
  async markDeleted(tx: Tx, qrId: string, revision: number, now: number): Promise<boolean> {
    const { affected } = await tx.query(
      'UPDATE links SET deleted_at = $1, revision = CASE WHEN revision < $2 THEN $2 ELSE revision END WHERE qr_id = $3 AND deleted_at IS NULL',
      [now, revision, qrId],
    );
    return affected === 1;
  }

  /**
   * The scan counts of a workspace's codes as the scan recorder committed them (a code it has no row
   * for, or of another workspace, is left out).
   */
  async scanCounts(workspaceId: string, qrIds: readonly string[]): Promise<Record<string, number>> {
    if (qrIds.length === 0) return {};
    const rows = await this.db.query<{ qr_id: string; scan_count: number }>(
      `SELECT qr_id, scan_count FROM links WHERE workspace_id = $1 AND qr_id IN (${qrIds.map((_, i) => `$${i + 2}`).join(', ')})`,
      [workspaceId, ...qrIds],
    );
    return Object.fromEntries(rows.map((r) => [r.qr_id, Number(r.scan_count)]));
  }

  async findByQrId(qrId: string, tx?: Tx): Promise<LinkRecord | null> {
    const [row] = await readRows(this.db, tx, 'SELECT * FROM links WHERE qr_id = $1', [qrId]);
    return row ? linkFromRow(row) : null;
  }
}
