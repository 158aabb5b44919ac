import { join } from 'node:path';
import Database from 'better-sqlite3';

/**
 * The dynamic allowance a workspace has used, read from an all-in-one's gateway.sqlite in `dataDir`
 * (0 before the workspace has reserved any): what a test checks after a refused or interrupted create.
 */
export function dynamicAllowanceUsed(dataDir: string, workspaceId: string): number {
  const db = new Database(join(dataDir, 'gateway.sqlite'), { readonly: true });
  try {
    return Number((db.prepare('SELECT used FROM dynamic_allowance WHERE workspace_id = ?').get(workspaceId) as { used: number } | undefined)?.used ?? 0);
  } finally {
    db.close();
  }
}
