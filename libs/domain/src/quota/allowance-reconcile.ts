/**
 * Healing the dynamic allowance: what a workspace's `used` should become, given the live dynamic
 * codes qr-service counted and what was in flight when the counter was read.
 *
 * Every change to a workspace's counter (a reservation, a give-back, a hold taken or settled, a
 * correction) bumps its `version`, and every create or delete holds a row from before it asks
 * qr-service until after it has settled. So a counter read with no hold on it, whose version is
 * still the same when the correction is written, saw no operation start or finish while the codes
 * were counted: the count is exactly what `used` must be. Anything else is left for a later pass.
 */

/** A workspace's counter as read before the count; null when it has no row yet. */
export interface AllowanceSnapshot {
  used: number;
  version: number;
}

export interface AllowanceReconcileInput {
  snapshot: AllowanceSnapshot | null;
  /** Holds (creates or deletes in flight) on the workspace, read after the snapshot. */
  holds: number;
  /** Live (not deleted) dynamic codes of the workspace, counted after both reads. */
  live: number;
}

export type AllowanceDecision =
  | { action: 'keep' }
  | { action: 'skip'; reason: 'in_flight' }
  /** `version` null: the row does not exist and is to be inserted only if it still does not. */
  | { action: 'correct'; from: number; to: number; version: number | null };

export function allowanceDecision(input: AllowanceReconcileInput): AllowanceDecision {
  const { snapshot, holds, live } = input;
  if (!Number.isSafeInteger(live) || live < 0) throw new RangeError(`live count must be a non-negative integer, got ${live}`);
  // A create in flight has reserved and may not have created yet; a delete in flight may have
  // deleted and not yet given back. Either way the count and the counter legitimately differ.
  if (holds > 0) return { action: 'skip', reason: 'in_flight' };
  const used = snapshot?.used ?? 0;
  if (used === live) return { action: 'keep' };
  return { action: 'correct', from: used, to: live, version: snapshot ? snapshot.version : null };
}

/**
 * A hold older than the timeout belongs to a process that died (or hung) between reserving and
 * settling: it would keep its workspace from ever being corrected, so it is dropped. Every
 * operation that holds finishes within the command timeout, far below any sane hold timeout.
 */
export function holdsAbandonedBefore(now: Date, holdTimeoutMs: number): number {
  if (!Number.isFinite(holdTimeoutMs) || holdTimeoutMs < 0) throw new RangeError(`hold timeout must be a non-negative number, got ${holdTimeoutMs}`);
  return now.getTime() - holdTimeoutMs;
}

export function isAbandonedHold(createdAtMs: number, now: Date, holdTimeoutMs: number): boolean {
  return createdAtMs < holdsAbandonedBefore(now, holdTimeoutMs);
}

/**
 * Periodic passes on several gateway replicas: a pass runs only if the last one claimed was at
 * least 90 % of an interval ago (claimed with a compare-and-set on one row), so replicas do not
 * all reconcile every period. Running together would be harmless, only wasted work: corrections
 * are compare-and-set too. The 10 % slack keeps timers that drift from skipping a whole period.
 */
export function reconcileClaimableBefore(now: Date, intervalMs: number): number {
  return now.getTime() - Math.floor(intervalMs * 0.9);
}
