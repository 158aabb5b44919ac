import { QR_COMMANDS } from '@qr/contracts';
import { allowanceDecision, type AllowanceSnapshot, type Clock, Errors, holdsAbandonedBefore, systemClock } from '@qr/domain';
import { type Database } from '@qr/persistence';
import { type CommandBus } from '@qr/platform';

/** Workspaces per page: one snapshot, one ask to qr-service, then the corrections. */
export const RECONCILE_PAGE = 500;

export interface AllowanceCorrection {
  workspace_id: string;
  before: number;
  after: number;
}

export interface AllowanceReconcileReport {
  workspaces_checked: number;
  corrected: AllowanceCorrection[];
  /** Had a create or delete in flight (or one finished during the pass): left for a later pass. */
  skipped_in_flight: string[];
  /** Holds older than the hold timeout, dropped as left by a gateway that died. */
  abandoned_holds: number;
}

export interface AllowanceReconcileObserver {
  corrected(correction: AllowanceCorrection): void;
  abandonedHolds(holds: Array<{ workspace_id: string; amount: number; created_at: number }>): void;
}

/**
 * Recomputes each workspace's dynamic allowance from the dynamic codes that exist (asked of
 * qr-service, which owns them), without ever overwriting a reservation it did not see.
 *
 * For a page of workspaces: (1) read each counter's used and version, then (2) the holds on them,
 * then (3) ask qr-service to count, then (4) write each correction only where the version is still
 * the one read in (1). Every reservation, give-back, hold and settle bumps the version, and every
 * create or delete holds from before it asks qr-service until after it has given back; so a
 * workspace with no hold in (2) and the same version at (4) had no operation in flight at (1) and
 * none starting or ending until (4): its codes could not change during the count (3) except by an
 * operation the gateway no longer waits for, and the count is what `used` must be. Two passes at
 * once (replicas, the admin CLI) are harmless: the first write bumps the version and the second
 * finds it changed.
 */
export interface AllowanceReconcileOptions {
  holdTimeoutMs: number;
  observer?: AllowanceReconcileObserver;
  clock?: Clock;
  pageSize?: number;
}

export class AllowanceReconcile {
  constructor(
    private readonly db: Database,
    private readonly bus: CommandBus,
    private readonly o: AllowanceReconcileOptions,
  ) {}

  /** Every workspace, or just one (404 when the gateway does not know it). */
  async run(o: { workspaceId?: string } = {}): Promise<AllowanceReconcileReport> {
    const report: AllowanceReconcileReport = { workspaces_checked: 0, corrected: [], skipped_in_flight: [], abandoned_holds: 0 };
    if (o.workspaceId !== undefined) {
      const [known] = await this.db.query('SELECT id FROM workspaces WHERE id = $1', [o.workspaceId]);
      if (!known) throw Errors.notFound('workspace');
    }
    report.abandoned_holds = await this.dropAbandonedHolds(o.workspaceId);
    if (o.workspaceId !== undefined) {
      await this.reconcilePage([o.workspaceId], report);
      return report;
    }
    const pageSize = this.o.pageSize ?? RECONCILE_PAGE;
    for (let after = ''; ;) {
      const page = await this.db.query<{ id: string }>('SELECT id FROM workspaces WHERE id > $1 ORDER BY id LIMIT $2', [after, pageSize]);
      if (page.length === 0) return report;
      const ids = page.map((r) => r.id);
      await this.reconcilePage(ids, report);
      after = ids[ids.length - 1];
    }
  }

  private async reconcilePage(ids: string[], report: AllowanceReconcileReport): Promise<void> {
    const list = ids.map((_, i) => `$${i + 1}`).join(', ');
    // (1) before (2): a hold taken in between shows in (2); one settled in between bumped the version read in (1).
    const counters = new Map(
      (
        await this.db.query<{ workspace_id: string; used: number | string; version: number | string }>(
          `SELECT workspace_id, used, version FROM dynamic_allowance WHERE workspace_id IN (${list})`,
          ids,
        )
      ).map((r): [string, AllowanceSnapshot] => [r.workspace_id, { used: Number(r.used), version: Number(r.version) }]),
    );
    const holds = new Map(
      (
        await this.db.query<{ workspace_id: string; n: number | string }>(
          `SELECT workspace_id, COUNT(*) AS n FROM dynamic_allowance_holds WHERE workspace_id IN (${list}) GROUP BY workspace_id`,
          ids,
        )
      ).map((r): [string, number] => [r.workspace_id, Number(r.n)]),
    );
    const { counts } = await this.bus.send<{ counts: Record<string, number> }>('qr-service', QR_COMMANDS.liveDynamicCounts, { workspaceIds: ids });
    report.workspaces_checked += ids.length;
    for (const id of ids) {
      const live = counts[id];
      if (typeof live !== 'number') throw new Error(`qr-service did not count workspace ${id}`);
      const decision = allowanceDecision({ snapshot: counters.get(id) ?? null, holds: holds.get(id) ?? 0, live });
      if (decision.action === 'keep') continue;
      if (decision.action === 'skip') {
        report.skipped_in_flight.push(id);
        continue;
      }
      const written = await this.db.transaction(async (tx) =>
        decision.version === null
          ? tx.query('INSERT INTO dynamic_allowance (workspace_id, used, version) VALUES ($1, $2, 1) ON CONFLICT DO NOTHING', [id, decision.to])
          : tx.query(
              'UPDATE dynamic_allowance SET used = $2, version = version + 1 WHERE workspace_id = $1 AND version = $3 AND NOT EXISTS (SELECT 1 FROM dynamic_allowance_holds WHERE workspace_id = $1)',
              [id, decision.to, decision.version],
            ),
      );
      if (written.affected === 0) {
        report.skipped_in_flight.push(id);
        continue;
      }
      const correction = { workspace_id: id, before: decision.from, after: decision.to };
      report.corrected.push(correction);
      this.o.observer?.corrected(correction);
    }
  }

  /** Each dropped hold bumps its workspace's version, so a pass that read the counter before the drop cannot write. */
  private async dropAbandonedHolds(workspaceId: string | undefined): Promise<number> {
    const cutoff = holdsAbandonedBefore((this.o.clock ?? systemClock)(), this.o.holdTimeoutMs);
    const dropped = await this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ workspace_id: string; amount: number | string; created_at: number | string }>(
        workspaceId === undefined
          ? 'DELETE FROM dynamic_allowance_holds WHERE created_at < $1 RETURNING workspace_id, amount, created_at'
          : 'DELETE FROM dynamic_allowance_holds WHERE created_at < $1 AND workspace_id = $2 RETURNING workspace_id, amount, created_at',
        workspaceId === undefined ? [cutoff] : [cutoff, workspaceId],
      );
      for (const ws of new Set(rows.map((r) => r.workspace_id)))
        await tx.query('UPDATE dynamic_allowance SET version = version + 1 WHERE workspace_id = $1', [ws]);
      return rows.map((r) => ({ workspace_id: r.workspace_id, amount: Number(r.amount), created_at: Number(r.created_at) }));
    });
    if (dropped.length) this.o.observer?.abandonedHolds(dropped);
    return dropped.length;
  }
}

/**
 * The periodic pass's claim: one row, compare-and-set, so of several gateway replicas only one
 * runs each period (see reconcileClaimableBefore). False when another claimed it recently.
 */
export async function claimPeriodicReconcile(db: Database, claimableBefore: number, now: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query("INSERT INTO gateway_jobs (name, claimed_at) VALUES ('allowance-reconcile', 0) ON CONFLICT DO NOTHING");
    const claimed = await tx.query("UPDATE gateway_jobs SET claimed_at = $1 WHERE name = 'allowance-reconcile' AND claimed_at <= $2", [now, claimableBefore]);
    return claimed.affected > 0;
  });
}
