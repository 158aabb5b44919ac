import { type Database, readRows, type Tx } from '@qr/persistence';
import { QR_CODE_COLUMNS, type QrCodeRecord, recordFromRow, rowValues } from './qr-code-record';
import { type ShortCodeHolder } from './short-code-taken';
import { designUnder, DesignPresetsRepository } from '../presets/design-presets.repository';
import { Gs1Keys } from './gs1-keys';

export interface ListFilters {
  folder_id?: string;
  status?: 'active' | 'paused';
  type?: string;
  client_ref?: string;
  /** Search: a part of the name or client_ref, or the short code (case-insensitive for ASCII letters). */
  q?: string;
}

const INSERT_SQL = `INSERT INTO qr_codes (${QR_CODE_COLUMNS.join(', ')}) VALUES (${QR_CODE_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')}) ON CONFLICT DO NOTHING`;
const MUTABLE: readonly (keyof QrCodeRecord)[] = QR_CODE_COLUMNS.filter(
  (c) => !['id', 'workspace_id', 'type', 'category', 'client_ref', 'preview_token', 'custom_domain_id', 'created_at', 'scan_count', 'deleted_at'].includes(c),
);

/** Every read is scoped to a workspace: another workspace's code is simply not found. */
export class QrCodesRepository {
  /** The gs1 codes' hosts and paths, claimed with the code they belong to. */
  readonly gs1Keys: Gs1Keys;

  constructor(private readonly db: Database) {
    this.gs1Keys = new Gs1Keys(db);
  }

  /**
   * False when a unique key (client_ref in the workspace, short code on its domain, token) is taken. A gs1 code
   * also claims its host and path (Gs1Keys): a 422 at `${pointer}/content` when a live code has them.
   */
  async insert(tx: Tx, record: QrCodeRecord, pointer = ''): Promise<boolean> {
    if ((await tx.query(INSERT_SQL, rowValues(record))).affected !== 1) return false;
    await this.gs1Keys.claim(tx, record, pointer);
    return true;
  }

  async find(workspaceId: string, id: string, tx?: Tx): Promise<QrCodeRecord | null> {
    return this.one('SELECT * FROM qr_codes WHERE workspace_id = $1 AND id = $2 AND deleted_at IS NULL', [workspaceId, id], tx);
  }

  async findByClientRef(workspaceId: string, clientRef: string, tx?: Tx): Promise<QrCodeRecord | null> {
    return this.one('SELECT * FROM qr_codes WHERE workspace_id = $1 AND client_ref = $2 AND deleted_at IS NULL', [workspaceId, clientRef], tx);
  }

  async findByClientRefs(workspaceId: string, refs: readonly string[]): Promise<QrCodeRecord[]> {
    if (refs.length === 0) return [];
    return this.many(
      `SELECT * FROM qr_codes WHERE workspace_id = $1 AND deleted_at IS NULL AND client_ref IN (${refs.map((_, i) => `$${i + 2}`).join(', ')})`,
      [workspaceId, ...refs],
    );
  }

  /**
   * Which code, of any workspace, holds each (domain, short code), keyed `domainKey NUL shortCode`:
   * the check before a chosen back-half is written. The unique index stays the judge of a race.
   */
  async findHolders(paths: ReadonlyArray<{ domainKey: string; shortCode: string }>, tx?: Tx): Promise<Map<string, ShortCodeHolder>> {
    if (paths.length === 0) return new Map();
    const codes = [...new Set(paths.map((p) => p.shortCode))];
    const rows = await readRows<{ id: string; workspace_id: string; short_code: string; custom_domain_id: string | null; deleted_at: unknown }>(
      this.db,
      tx,
      `SELECT id, workspace_id, short_code, custom_domain_id, deleted_at FROM qr_codes WHERE short_code IN (${codes.map((_, i) => `$${i + 1}`).join(', ')})`,
      codes,
    );
    return new Map(
      rows.map((r) => [`${r.custom_domain_id ?? ''}\u0000${r.short_code}`, { id: r.id, workspace_id: r.workspace_id, deleted: r.deleted_at !== null }]),
    );
  }

  async findByPreviewToken(token: string): Promise<QrCodeRecord | null> {
    return this.one('SELECT * FROM qr_codes WHERE preview_token = $1 AND deleted_at IS NULL', [token]);
  }

  /** Newest first; `beforeId` is the cursor (ids sort by creation time). */
  async list(workspaceId: string, filters: ListFilters, beforeId: string | null, limit: number): Promise<QrCodeRecord[]> {
    const where = ['workspace_id = $1', 'deleted_at IS NULL'];
    const params: unknown[] = [workspaceId];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (beforeId) add('id < ?', beforeId);
    for (const key of ['folder_id', 'status', 'type', 'client_ref'] as const) if (filters[key] !== undefined) add(`${key} = ?`, filters[key]);
    if (filters.q !== undefined) {
      // The database lowers both sides, so each dialect compares as it lowers (SQLite: ASCII letters only).
      const pattern = `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      params.push(pattern, filters.q);
      const [like, exact] = [params.length - 1, params.length];
      where.push(`(LOWER(name) LIKE LOWER($${like}) ESCAPE '\\' OR LOWER(client_ref) LIKE LOWER($${like}) ESCAPE '\\' OR short_code = $${exact})`);
    }
    params.push(limit);
    return this.many(`SELECT * FROM qr_codes WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT $${params.length}`, params);
  }

  /** Codes of the workspace among `ids` (missing and deleted ones are simply not returned). */
  async findMany(workspaceId: string, ids: readonly string[], tx?: Tx): Promise<QrCodeRecord[]> {
    if (ids.length === 0) return [];
    return this.many(
      `SELECT * FROM qr_codes WHERE workspace_id = $1 AND deleted_at IS NULL AND id IN (${ids.map((_, i) => `$${i + 2}`).join(', ')}) ORDER BY id`,
      [workspaceId, ...ids],
      tx,
    );
  }

  /** A folder's codes in creation order, a page at a time after `afterId` (print sheets). */
  async listFolderAscending(workspaceId: string, folderId: string, afterId: string | null, limit: number): Promise<QrCodeRecord[]> {
    return this.many(`SELECT * FROM qr_codes WHERE workspace_id = $1 AND folder_id = $2 AND deleted_at IS NULL AND id > $3 ORDER BY id LIMIT $4`, [
      workspaceId,
      folderId,
      afterId ?? '',
      limit,
    ]);
  }

  /** Every live code that follows a brand preset (to check a change of the preset on them). */
  async listByPreset(workspaceId: string, presetId: string): Promise<QrCodeRecord[]> {
    return this.many('SELECT * FROM qr_codes WHERE workspace_id = $1 AND design_preset_id = $2 AND deleted_at IS NULL ORDER BY id', [workspaceId, presetId]);
  }

  /** Every live code of a folder, inside a transaction that is about to move them. */
  async listInFolder(tx: Tx, workspaceId: string, folderId: string): Promise<QrCodeRecord[]> {
    return this.many('SELECT * FROM qr_codes WHERE workspace_id = $1 AND folder_id = $2 AND deleted_at IS NULL ORDER BY id', [workspaceId, folderId], tx);
  }

  /** Deleted codes keep no folder either: nothing shows them, and the folder's id must not dangle. */
  async releaseDeletedFromFolder(tx: Tx, workspaceId: string, folderId: string): Promise<void> {
    await tx.query('UPDATE qr_codes SET folder_id = NULL WHERE workspace_id = $1 AND folder_id = $2 AND deleted_at IS NOT NULL', [workspaceId, folderId]);
  }

  async countInFolder(workspaceId: string, folderId: string): Promise<number> {
    const [row] = await this.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM qr_codes WHERE workspace_id = $1 AND folder_id = $2 AND deleted_at IS NULL', [
      workspaceId,
      folderId,
    ]);
    return Number(row?.n ?? 0);
  }

  /** Optimistic update: false when someone else changed the code since `expectedRevision`. */
  async update(tx: Tx, record: QrCodeRecord, expectedRevision: number): Promise<boolean> {
    const sets = MUTABLE.map((c, i) => `${c} = $${i + 1}`).join(', ');
    const n = MUTABLE.length;
    const { affected } = await tx.query(
      `UPDATE qr_codes SET ${sets} WHERE id = $${n + 1} AND workspace_id = $${n + 2} AND revision = $${n + 3} AND deleted_at IS NULL`,
      [...rowValues(record, MUTABLE), record.id, record.workspace_id, expectedRevision],
    );
    return affected === 1;
  }

  /** Soft delete: the row stays (its short code answers 410 and is never reused); the client_ref is freed. Returns the deleted state. */
  async softDelete(tx: Tx, workspaceId: string, id: string, now: number): Promise<QrCodeRecord | null> {
    const existing = await this.find(workspaceId, id, tx);
    if (!existing) return null;
    const { affected } = await tx.query(
      'UPDATE qr_codes SET deleted_at = $1, updated_at = $1, client_ref = NULL, revision = revision + 1 WHERE id = $2 AND workspace_id = $3 AND deleted_at IS NULL',
      [now, id, workspaceId],
    );
    if (affected !== 1) return null;
    // A deleted gs1 code gives its URI back, as a deleted code gives its client_ref.
    if (existing.type === 'gs1') await this.gs1Keys.release(tx, id);
    return { ...existing, deleted_at: now, updated_at: now, revision: existing.revision + 1 };
  }

  private async one(sql: string, params: unknown[], tx?: Tx): Promise<QrCodeRecord | null> {
    return (await this.many(sql, params, tx))[0] ?? null;
  }

  /** The codes `sql` reads. Those that follow a brand preset get their design from it, with their overrides on top: a preset change shows at once. */
  private async many(sql: string, params: unknown[], tx?: Tx): Promise<QrCodeRecord[]> {
    const records = (await readRows<Parameters<typeof recordFromRow>[0]>(this.db, tx, sql, params)).map(recordFromRow);
    const ids = records.flatMap((r) => (r.design_preset_id ? [r.design_preset_id] : []));
    if (!ids.length) return records;
    const presets = await new DesignPresetsRepository(this.db).findMany(ids, tx);
    return records.map((r) => {
      const preset = r.design_preset_id ? presets.get(r.design_preset_id) : undefined;
      return preset ? { ...r, design: designUnder(preset.design, r.design_overrides) } : r;
    });
  }
}
