import { formatUtc } from '@qr/domain';
import { type Database, insertOf, readRows, type Tx } from '@qr/persistence';
import { applyDesign } from '@qr/api-contract';
import { DEFAULT_DESIGN, type Design } from '@qr/qr-design';

export interface PresetRecord {
  id: string;
  workspace_id: string;
  name: string;
  design: Design;
  created_at: number;
  updated_at: number;
}

type Row = Omit<PresetRecord, 'design'> & { design: string };

const recordOf = (r: Row): PresetRecord => ({
  ...r,
  design: { ...DEFAULT_DESIGN, ...(JSON.parse(r.design) as Design) },
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at),
});

/** A workspace's brand presets: named designs that codes follow (`design_preset_id`). */
export class DesignPresetsRepository {
  constructor(private readonly db: Database) {}

  /** False when the workspace already has a preset of that name. */
  async insert(p: PresetRecord): Promise<boolean> {
    const [insert, params] = insertOf('design_presets', { ...p, design: JSON.stringify(p.design) });
    return (await this.db.execute(`${insert} ON CONFLICT DO NOTHING`, params)).affected === 1;
  }

  /** False when the name is taken by another preset of the workspace. */
  async update(p: PresetRecord): Promise<boolean> {
    try {
      const { affected } = await this.db.execute('UPDATE design_presets SET name = $1, design = $2, updated_at = $3 WHERE workspace_id = $4 AND id = $5', [
        p.name,
        JSON.stringify(p.design),
        p.updated_at,
        p.workspace_id,
        p.id,
      ]);
      return affected === 1;
    } catch (err) {
      if (/unique|UNIQUE/.test(String((err as Error).message))) return false;
      throw err;
    }
  }

  async list(workspaceId: string): Promise<PresetRecord[]> {
    return (await this.db.query<Row>('SELECT * FROM design_presets WHERE workspace_id = $1 ORDER BY name', [workspaceId])).map(recordOf);
  }

  async find(workspaceId: string, id: string, tx?: Tx): Promise<PresetRecord | null> {
    const rows = await readRows<Row>(this.db, tx, 'SELECT * FROM design_presets WHERE workspace_id = $1 AND id = $2', [workspaceId, id]);
    return rows[0] ? recordOf(rows[0]) : null;
  }

  async findMany(ids: readonly string[], tx?: Tx): Promise<Map<string, PresetRecord>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    const rows = await readRows<Row>(this.db, tx, `SELECT * FROM design_presets WHERE id IN (${unique.map((_, i) => `$${i + 1}`).join(', ')})`, unique);
    return new Map(rows.map((r) => [r.id, recordOf(r)]));
  }

  async usedBy(workspaceId: string, id: string): Promise<number> {
    const rows = await this.db.query<{ n: number }>(
      'SELECT COUNT(*) AS n FROM qr_codes WHERE workspace_id = $1 AND design_preset_id = $2 AND deleted_at IS NULL',
      [workspaceId, id],
    );
    return Number(rows[0].n);
  }

  async delete(workspaceId: string, id: string): Promise<boolean> {
    return (await this.db.execute('DELETE FROM design_presets WHERE workspace_id = $1 AND id = $2', [workspaceId, id])).affected === 1;
  }
}

/** A code's design under a preset: the preset, with the code's overrides merged on (JSON merge patch). */
export function designUnder(preset: Design, overrides: Record<string, unknown> | null): Design {
  const merged = applyDesign(preset, overrides ?? {}, '/design');
  return merged.ok ? merged.design : preset;
}

export function presetView(p: PresetRecord) {
  return {
    id: p.id,
    object: 'design_preset' as const,
    name: p.name,
    design: p.design,
    created_at: formatUtc(new Date(p.created_at)),
    updated_at: formatUtc(new Date(p.updated_at)),
  };
}
