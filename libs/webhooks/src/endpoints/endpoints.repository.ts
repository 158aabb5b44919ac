import { type Database, insertOf, type Tx } from '@qr/persistence';
import { type EndpointRecord, endpointFromRow } from './endpoint-record';

/** An endpoint's row: its fields are the table's columns, with `events` as JSON text. */
function rowOf(e: EndpointRecord): Record<string, unknown> {
  return { ...e, events: JSON.stringify(e.events) };
}

export class EndpointsRepository {
  constructor(private readonly db: Database) {}

  async insert(e: EndpointRecord): Promise<void> {
    await this.db.execute(...insertOf('webhook_endpoints', rowOf(e)));
  }

  async save(e: EndpointRecord, tx?: Tx): Promise<void> {
    const { id, ...fields } = rowOf(e);
    const sets = Object.keys(fields)
      .map((c, i) => `${c} = $${i + 2}`)
      .join(', ');
    const params = [id, ...Object.values(fields)];
    if (tx) await tx.query(`UPDATE webhook_endpoints SET ${sets} WHERE id = $1`, params);
    else await this.db.execute(`UPDATE webhook_endpoints SET ${sets} WHERE id = $1`, params);
  }

  async find(workspaceId: string, id: string): Promise<EndpointRecord | null> {
    const [row] = await this.db.query('SELECT * FROM webhook_endpoints WHERE workspace_id = $1 AND id = $2 AND deleted_at IS NULL', [workspaceId, id]);
    return row ? endpointFromRow(row) : null;
  }

  async findById(id: string): Promise<EndpointRecord | null> {
    const [row] = await this.db.query('SELECT * FROM webhook_endpoints WHERE id = $1', [id]);
    return row ? endpointFromRow(row) : null;
  }

  async list(workspaceId: string, limit: number): Promise<EndpointRecord[]> {
    const rows = await this.db.query('SELECT * FROM webhook_endpoints WHERE workspace_id = $1 AND deleted_at IS NULL ORDER BY id DESC LIMIT $2', [
      workspaceId,
      limit,
    ]);
    return rows.map(endpointFromRow);
  }

  /** Enabled endpoints of a workspace subscribed to an event type (for fan-out). */
  async subscribers(tx: Tx, workspaceId: string): Promise<EndpointRecord[]> {
    const { rows } = await tx.query(`SELECT * FROM webhook_endpoints WHERE workspace_id = $1 AND status = 'enabled' AND deleted_at IS NULL`, [workspaceId]);
    return rows.map((r) => endpointFromRow(r as Record<string, unknown>));
  }
}
