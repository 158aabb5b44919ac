import { type Database } from '@qr/persistence';

export interface Reservation {
  granted: boolean;
  /** Usage after the attempt (unchanged when refused). */
  used: number;
}

/**
 * Atomic counters for the monthly call quota and the dynamic-code allowance. Each reservation is
 * one conditional UPDATE: on PostgreSQL the row lock serialises concurrent gateways, on SQLite the
 * single writer does, so usage never passes the limit.
 */
export class QuotaRepository {
  constructor(private readonly db: Database) {}

  reserveCalls(workspaceId: string, period: string, n: number, limit: number): Promise<Reservation> {
    return this.reserve('usage_counters', 'calls', 'workspace_id = $1 AND period = $2', [workspaceId, period], n, limit);
  }

  async refundCalls(workspaceId: string, period: string, n: number): Promise<void> {
    await this.db.execute('UPDATE usage_counters SET calls = CASE WHEN calls > $1 THEN calls - $1 ELSE 0 END WHERE workspace_id = $2 AND period = $3', [
      n,
      workspaceId,
      period,
    ]);
  }

  async callsUsed(workspaceId: string, period: string): Promise<number> {
    const [row] = await this.db.query<{ calls: number }>('SELECT calls FROM usage_counters WHERE workspace_id = $1 AND period = $2', [workspaceId, period]);
    return Number(row?.calls ?? 0);
  }

  /** `limit` null means no cap: the counter still moves, so an upgrade or downgrade sees real usage. */
  reserveDynamic(workspaceId: string, n: number, limit: number | null): Promise<Reservation> {
    return this.reserve('dynamic_allowance', 'used', 'workspace_id = $1', [workspaceId], n, limit);
  }

  async releaseDynamic(workspaceId: string, n: number): Promise<void> {
    await this.db.execute('UPDATE dynamic_allowance SET used = CASE WHEN used > $1 THEN used - $1 ELSE 0 END WHERE workspace_id = $2', [n, workspaceId]);
  }

  async dynamicUsed(workspaceId: string): Promise<number> {
    const [row] = await this.db.query<{ used: number }>('SELECT used FROM dynamic_allowance WHERE workspace_id = $1', [workspaceId]);
    return Number(row?.used ?? 0);
  }

  private reserve(table: string, column: string, where: string, key: unknown[], n: number, limit: number | null): Promise<Reservation> {
    const keyColumns = table === 'usage_counters' ? '(workspace_id, period)' : '(workspace_id)';
    const keyValues = key.map((_, i) => `$${i + 1}`).join(', ');
    const nParam = `$${key.length + 1}`;
    const limitParam = `$${key.length + 2}`;
    return this.db.transaction(async (tx) => {
      await tx.query(`INSERT INTO ${table} ${keyColumns} VALUES (${keyValues}) ON CONFLICT DO NOTHING`, key);
      const cap = limit === null ? '' : ` AND ${column} + ${nParam} <= ${limitParam}`;
      const { rows } = await tx.query<{ v: number }>(
        `UPDATE ${table} SET ${column} = ${column} + ${nParam} WHERE ${where}${cap} RETURNING ${column} AS v`,
        limit === null ? [...key, n] : [...key, n, limit],
      );
      if (rows[0]) return { granted: true, used: Number(rows[0].v) };
      const current = await tx.query<{ v: number }>(`SELECT ${column} AS v FROM ${table} WHERE ${where}`, key);
      return { granted: false, used: Number(current.rows[0]?.v ?? 0) };
    });
  }
}
