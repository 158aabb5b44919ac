import { type FolderList } from '@qr/api-contract';
import { QR_COMMANDS } from '@qr/contracts';
import { type SessionPrincipal } from '@qr/identity';
import { type CommandBus } from '@qr/platform';

/** The workspace's folders by id and by name (case-insensitive), for a CSV's `folder` column both ways. */
export async function folderIndex(
  bus: CommandBus,
  principal: SessionPrincipal,
): Promise<{ idOf(nameOrId: string): string | null; nameOf(id: string): string }> {
  const byName = new Map<string, string>();
  const byId = new Map<string, string>();
  let cursor: string | null = null;
  do {
    const page: FolderList = await bus.send<FolderList>('qr-service', QR_COMMANDS.listFolders, {
      workspaceId: principal.workspaceId,
      query: { limit: '100', ...(cursor ? { cursor } : {}) },
    });
    for (const f of page.data) {
      byName.set(f.name.toLowerCase(), f.id);
      byId.set(f.id, f.name);
    }
    cursor = page.has_more ? page.next_cursor : null;
  } while (cursor);
  return {
    idOf: (nameOrId) => (byId.has(nameOrId) ? nameOrId : (byName.get(nameOrId.trim().toLowerCase()) ?? null)),
    nameOf: (id) => byId.get(id) ?? id,
  };
}
