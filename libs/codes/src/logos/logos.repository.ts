import { formatUtc } from '@qr/domain';
import { type Database, insertOf } from '@qr/persistence';
import { type LogoImage } from '@qr/qr-design';

export interface LogoRecord {
  id: string;
  workspace_id: string;
  name: string;
  source_type: string;
  source_bytes: number;
  width: number;
  height: number;
  png_base64: string;
  created_at: number;
}

const META = 'id, workspace_id, name, source_type, source_bytes, width, height, created_at';

/** A workspace's logos. Codes name one in `design.logo.id`; the renderer reads its pixels from here. */
export class LogosRepository {
  constructor(private readonly db: Database) {}

  async insert(logo: LogoRecord): Promise<void> {
    await this.db.execute(...insertOf('logos', logo));
  }

  list(workspaceId: string): Promise<Array<Omit<LogoRecord, 'png_base64'>>> {
    return this.db.query(`SELECT ${META} FROM logos WHERE workspace_id = $1 ORDER BY id DESC`, [workspaceId]);
  }

  async count(workspaceId: string): Promise<number> {
    return Number((await this.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM logos WHERE workspace_id = $1', [workspaceId]))[0].n);
  }

  async find(workspaceId: string, id: string): Promise<LogoRecord | null> {
    return (await this.db.query<LogoRecord>('SELECT * FROM logos WHERE workspace_id = $1 AND id = $2', [workspaceId, id]))[0] ?? null;
  }

  /** The pixels of each of these logos of the workspace that exists. */
  async images(workspaceId: string, ids: readonly string[]): Promise<Map<string, LogoImage>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    const rows = await this.db.query<LogoRecord>(`SELECT * FROM logos WHERE workspace_id = $1 AND id IN (${unique.map((_, i) => `$${i + 2}`).join(', ')})`, [
      workspaceId,
      ...unique,
    ]);
    return new Map(rows.map((r) => [r.id, { png: Buffer.from(r.png_base64, 'base64'), width: Number(r.width), height: Number(r.height) }]));
  }

  /**
   * Live codes and brand presets whose design shows this logo (ids have a fixed shape, so the text
   * match is exact). Presets count too: a code that follows one keeps only its overrides, so the
   * logo may be named in the preset alone.
   */
  async usedBy(workspaceId: string, id: string): Promise<{ codes: number; presets: number }> {
    const pattern = `%"id":"${id}"%`;
    const [codes] = await this.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM qr_codes WHERE workspace_id = $1 AND deleted_at IS NULL AND design LIKE $2', [
      workspaceId,
      pattern,
    ]);
    const [presets] = await this.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM design_presets WHERE workspace_id = $1 AND design LIKE $2', [
      workspaceId,
      pattern,
    ]);
    return { codes: Number(codes.n), presets: Number(presets.n) };
  }

  async delete(workspaceId: string, id: string): Promise<boolean> {
    return (await this.db.execute('DELETE FROM logos WHERE workspace_id = $1 AND id = $2', [workspaceId, id])).affected === 1;
  }
}

/** A logo as the API answers it. */
export function logoView(r: Omit<LogoRecord, 'png_base64'>) {
  return {
    id: r.id,
    object: 'logo' as const,
    name: r.name,
    content_type: 'image/png' as const,
    width: Number(r.width),
    height: Number(r.height),
    source_type: r.source_type,
    source_bytes: Number(r.source_bytes),
    created_at: formatUtc(new Date(Number(r.created_at))),
  };
}
