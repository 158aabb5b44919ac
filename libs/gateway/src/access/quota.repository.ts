import { newId } from '@qr/domain';
import { type Database } from '@qr/persistence';

export interface Reservation {
  granted: boolean;
  /** Usage after the attempt (unchanged when refused). */
  used: number;
}

export interface DynamicReservation extends Reservation {
  /** Held until the creation is settled; null when refused. */
  holdId: string | null;
}

/**
 * Atomic counters for the monthly call quota and the dynamic-code allowance. Each reservation is
 * one conditional UPDATE: on PostgreSQL the row lock serialises concurrent gateways, on SQLite the
 * single writer does, so usage never passes the limit.
 */
export class QuotaRepository {
  constructor(private readonly db: Database) {}

  reserveCalls(workspaceId: string, period: string, n: number, limit: number): Promise<Reservation> {
    return this.db.transaction(async (tx) => {
      await tx.query('INSERT INTO usage_counters (workspace_id, period) VALUES ($1, $2) ON CONFLICT DO NOTHING', [workspaceId, period]);
      const { rows } = await tx.query<{ v: number }>(
        'UPDATE usage_counters SET calls = calls + $3 WHERE workspace_id = $1 AND period = $2 AND calls + $3 <= $4 RETURNING calls AS v',
        [workspaceId, period, n, limit],
      );
      if (rows[0]) return { granted: true, used: Number(rows[0].v) };
      const current = await tx.query<{ v: number }>('SELECT calls AS v FROM usage_counters WHERE workspace_id = $1 AND period = $2', [workspaceId, period]);
      return { granted: false, used: Number(current.rows[0]?.v ?? 0) };
    });
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

  /**
   * `limit` null means no cap: the counter still moves, so an upgrade or downgrade sees real usage.
   * A granted reservation also takes a hold, in the same transaction, that stays until `settleDynamic`:
   * while it exists the reconcile leaves the workspace alone (the codes may not exist yet).
   */
  reserveDynamic(workspaceId: string, n: number, limit: number | null, now = Date.now()): Promise<DynamicReservation> {
    return this.db.transaction(async (tx) => {
      await tx.query('INSERT INTO dynamic_allowance (workspace_id) VALUES ($1) ON CONFLICT DO NOTHING', [workspaceId]);
      const cap = limit === null ? '' : ' AND used + $2 <= $3';
      const { rows } = await tx.query<{ v: number }>(
        `UPDATE dynamic_allowance SET used = used + $2, version = version + 1 WHERE workspace_id = $1${cap} RETURNING used AS v`,
        limit === null ? [workspaceId, n] : [workspaceId, n, limit],
      );
      if (!rows[0]) {
        const current = await tx.query<{ v: number }>('SELECT used AS v FROM dynamic_allowance WHERE workspace_id = $1', [workspaceId]);
        return { granted: false, used: Number(current.rows[0]?.v ?? 0), holdId: null };
      }
      const holdId = newId('hold');
      await tx.query('INSERT INTO dynamic_allowance_holds (id, workspace_id, amount, created_at) VALUES ($1, $2, $3, $4)', [holdId, workspaceId, n, now]);
      return { granted: true, used: Number(rows[0].v), holdId };
    });
  }

  /**
   * A delete in flight: qr-service may have deleted the code before this gateway gives its place
   * back, and the reconcile must not count in between.
   */
  async holdForDelete(workspaceId: string): Promise<string> {
    // A reservation of nothing, with no cap: it bumps the version and takes a hold like any other.
    return (await this.reserveDynamic(workspaceId, 0, null)).holdId!;
  }

  /**
   * Ends an operation: drops its hold and gives `giveBack` places back, together. When the hold is
   * gone the reconcile has already declared it abandoned and rebuilt the counter from the codes,
   * so giving back now would count the same change twice: nothing is done (false).
   */
  settleDynamic(holdId: string, workspaceId: string, giveBack: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const dropped = await tx.query('DELETE FROM dynamic_allowance_holds WHERE id = $1 AND workspace_id = $2', [holdId, workspaceId]);
      if (dropped.affected === 0) return false;
      await tx.query('UPDATE dynamic_allowance SET used = CASE WHEN used > $1 THEN used - $1 ELSE 0 END, version = version + 1 WHERE workspace_id = $2', [
        giveBack,
        workspaceId,
      ]);
      return true;
    });
  }

  async dynamicUsed(workspaceId: string): Promise<number> {
    const [row] = await this.db.query<{ used: number }>('SELECT used FROM dynamic_allowance WHERE workspace_id = $1', [workspaceId]);
    return Number(row?.used ?? 0);
  }
}
