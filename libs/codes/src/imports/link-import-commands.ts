import { newId } from '@qr/domain';
import { type Database } from '@qr/persistence';
import { FoldersRepository } from '../folders/folders.repository';

/**
 * The two commands a link import (docs/design/switching.md) sends qr-service (the dashboard over the
 * bus, the admin CLI in process): the dry run's view of the workspace (verified domains, and each
 * taken `hostname/path` with its first destination), and the folders it files links into. The codes
 * themselves are created by the creation commands.
 */
export function linkImportCommands(db: Database) {
  return {
    'qr.link-import-targets': async ({ workspaceId }: { workspaceId: string }) => {
      const domains = await verifiedDomains(db, workspaceId);
      const paths = await pathsOn(db, workspaceId, domains);
      return {
        domains: [...domains].map(([hostname, id]) => ({ hostname, id })),
        paths: [...paths].map(([where, destination]) => ({ where, destination })),
      };
    },
    'qr.link-import-folders': async ({ workspaceId, names }: { workspaceId: string; names: unknown }) => {
      const wanted = Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string') : [];
      return [...(await folderIds(db, workspaceId, wanted))].map(([name, id]) => ({ name, id }));
    },
  };
}

/** The workspace's verified domains: hostname → domain id. */
async function verifiedDomains(db: Database, workspaceId: string): Promise<Map<string, string>> {
  const rows = await db.query<{ id: string; hostname: string }>(`SELECT id, hostname FROM custom_domains WHERE workspace_id = $1 AND status = 'verified'`, [
    workspaceId,
  ]);
  return new Map(rows.map((r) => [r.hostname, r.id]));
}

/**
 * Every code of the workspace on these domains, keyed `hostname/short_code`, with its first
 * destination. Deleted codes too: a deleted code keeps its path (it is never served by another), so
 * the import reports that path as existing rather than failing to create it.
 */
async function pathsOn(db: Database, workspaceId: string, domains: ReadonlyMap<string, string>): Promise<Map<string, string>> {
  const hostOf = new Map([...domains].map(([host, id]) => [id, host]));
  if (hostOf.size === 0) return new Map();
  const ids = [...hostOf.keys()];
  const rows = await db.query<{ custom_domain_id: string; short_code: string; destinations: string }>(
    `SELECT custom_domain_id, short_code, destinations FROM qr_codes
     WHERE workspace_id = $1 AND short_code IS NOT NULL AND custom_domain_id IN (${ids.map((_, i) => `$${i + 2}`).join(', ')})`,
    [workspaceId, ...ids],
  );
  return new Map(
    rows.map((r) => [`${hostOf.get(r.custom_domain_id)}/${r.short_code}`, (JSON.parse(r.destinations) as Array<{ target_url: string }>)[0]?.target_url ?? '']),
  );
}

/** The folder of each name, made when the workspace has none of that name: name → folder id. */
async function folderIds(db: Database, workspaceId: string, names: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(names)];
  if (wanted.length === 0) return new Map();
  const find = () =>
    db.query<{ id: string; name: string }>(
      `SELECT id, name FROM folders WHERE workspace_id = $1 AND name IN (${wanted.map((_, i) => `$${i + 2}`).join(', ')})`,
      [workspaceId, ...wanted],
    );
  const found = new Set((await find()).map((r) => r.name));
  // A folder made meanwhile by someone else is simply found by the second read.
  const folders = new FoldersRepository(db);
  for (const name of wanted.filter((n) => !found.has(n))) {
    await folders.insert({ id: newId('fld'), workspace_id: workspaceId, name, created_at: Date.now() });
  }
  return new Map((await find()).map((r) => [r.name, r.id]));
}
