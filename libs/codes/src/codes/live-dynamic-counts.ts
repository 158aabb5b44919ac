import { Errors } from '@qr/domain';
import { type Database } from '@qr/persistence';

/** At most this many workspaces per ask: the gateway pages through its workspaces. */
export const MAX_COUNT_WORKSPACES = 500;

const WORKSPACE_ID = /^ws_[0-9A-Za-z]{1,64}$/;

/**
 * Live (not deleted) dynamic codes per workspace: what the gateway's dynamic allowance counter
 * must equal when nothing is in flight. Every workspace asked for is in the answer, 0 included,
 * so an absent key never has to be read as "no codes". Read outside any transaction: the caller's
 * correctness comes from its own version check, not from this snapshot.
 */
export async function liveDynamicCounts(db: Database, payload: unknown): Promise<{ counts: Record<string, number> }> {
  const ids = checkWorkspaceIds(payload);
  const counts: Record<string, number> = Object.fromEntries(ids.map((id) => [id, 0]));
  if (ids.length === 0) return { counts };
  const rows = await db.query<{ workspace_id: string; n: number | string }>(
    `SELECT workspace_id, COUNT(*) AS n FROM qr_codes WHERE category = 'dynamic' AND deleted_at IS NULL AND workspace_id IN (${ids.map((_, i) => `$${i + 1}`).join(', ')}) GROUP BY workspace_id`,
    ids,
  );
  for (const row of rows) counts[row.workspace_id] = Number(row.n);
  return { counts };
}

function checkWorkspaceIds(payload: unknown): string[] {
  const ids = (payload as { workspaceIds?: unknown } | null)?.workspaceIds;
  if (!Array.isArray(ids))
    throw Errors.validationFailed([{ pointer: '/workspaceIds', code: 'invalid', detail: 'workspaceIds must be an array of workspace ids' }]);
  if (ids.length > MAX_COUNT_WORKSPACES)
    throw Errors.validationFailed([{ pointer: '/workspaceIds', code: 'too_many_items', detail: `at most ${MAX_COUNT_WORKSPACES} workspaces per request` }]);
  const bad = ids.map((id, i) => [id, i] as const).filter(([id]) => typeof id !== 'string' || !WORKSPACE_ID.test(id));
  if (bad.length) throw Errors.validationFailed(bad.map(([, i]) => ({ pointer: `/workspaceIds/${i}`, code: 'invalid', detail: 'not a workspace id' })));
  return [...new Set(ids as string[])];
}
