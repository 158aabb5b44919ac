import { MoveQrCodesInput, readDeclared } from '@qr/api-contract';
import { type Actor, ApiError, Errors, fieldError } from '@qr/domain';
import { type Database, type Tx } from '@qr/persistence';
import { type CodeChange, type CodeChangeLog } from '../history/code-change-log';
import { type LinkSync } from '../links/link-sync';
import { codeUpdated } from '../codes/qr-code-events';
import { type QrCodeRecord } from '../codes/qr-code-record';
import { type QrCodesRepository } from '../codes/qr-codes.repository';
import { type ReferencesRepository } from '../codes/references.repository';
import { type FoldersRepository } from './folders.repository';

const MAX_ATTEMPTS = 3;

/** The codes a transaction moved, and their short-link hosts (for the events and redirect-service's cache). */
interface Moved {
  records: QrCodeRecord[];
  hostOf: (record: QrCodeRecord) => string | null;
}

/** Another writer changed one of the codes since it was read: the whole move is tried again. */
class ConcurrentChange extends Error {}

export interface MoveResult {
  folder_id: string | null;
  /** Codes whose folder changed. */
  moved: number;
  /** Codes that were in that folder already. */
  unchanged: number;
}

/**
 * Moving codes between folders: `POST /qrcodes/move` for a selection, and deleting a folder (its
 * codes go to no folder). Either is one transaction: every code moves, each with a new revision and a
 * `qr.code.updated` event naming `folder_id`, or none does.
 */
export class MoveCodes {
  constructor(
    private readonly db: Database,
    private readonly codes: QrCodesRepository,
    private readonly folders: FoldersRepository,
    private readonly references: ReferencesRepository,
    private readonly changes: CodeChangeLog,
    private readonly links: LinkSync | null,
  ) {}

  /** `{ code_ids: [1..100 ids], folder_id: id | null }`; an unknown code or folder changes nothing (422 at its pointer). */
  async execute(workspaceId: string, body: unknown, actor: Actor): Promise<MoveResult> {
    const { code_ids: ids, folder_id: folderId } = readDeclared(MoveQrCodesInput, body);
    const moved = await this.retried(async (tx) => {
      if (folderId !== null && !(await this.references.holdFolder(tx, workspaceId, folderId))) {
        throw Errors.validationFailed([fieldError('/folder_id', 'not_found', 'no such folder in this workspace')]);
      }
      const found = new Map((await this.codes.findMany(workspaceId, [...new Set(ids)], tx)).map((r) => [r.id, r]));
      // Pointers name the place in the list as sent, repeats included.
      const missing = ids.flatMap((id, i) => (found.has(id) ? [] : [fieldError(`/code_ids/${i}`, 'not_found', 'no such QR code in this workspace')]));
      if (missing.length) throw Errors.validationFailed(missing);
      return this.within(tx, [...found.values()], folderId, actor);
    });
    return { folder_id: folderId, moved: moved.length, unchanged: new Set(ids).size - moved.length };
  }

  /** DELETE /folders/{id}: its live codes to no folder, deleted ones released, the folder gone. */
  async deleteFolder(workspaceId: string, folderId: string, actor: Actor): Promise<{ codes_moved: number }> {
    const moved = await this.retried(async (tx) => {
      if (!(await this.references.holdFolder(tx, workspaceId, folderId, 'update'))) throw Errors.notFound('folder');
      const out = await this.within(tx, await this.codes.listInFolder(tx, workspaceId, folderId), null, actor);
      await this.codes.releaseDeletedFromFolder(tx, workspaceId, folderId);
      await this.folders.delete(tx, workspaceId, folderId);
      return out;
    });
    return { codes_moved: moved.length };
  }

  /** Runs `move` in a transaction, again when a code changed under it; pushes the moved codes to redirect-service after the commit. */
  private async retried(move: (tx: Tx) => Promise<Moved>): Promise<QrCodeRecord[]> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      try {
        const { records, hostOf } = await this.db.transaction(move);
        await this.links?.pushUpserts(records, hostOf);
        return records;
      } catch (err) {
        if (!(err instanceof ConcurrentChange)) throw err;
      }
    }
    throw new ApiError(409, 'conflict', 'Conflict', 'The codes were changed concurrently several times; retry the request.');
  }

  /** Moves `records` (read in `tx`) to `folderId`; the ones already there are left alone. */
  private async within(tx: Tx, records: readonly QrCodeRecord[], folderId: string | null, actor: Actor): Promise<Moved> {
    const now = new Date();
    const moving = records.filter((r) => r.folder_id !== folderId);
    const hostOf = await this.references.hostLookup(moving);
    const changes: CodeChange[] = [];
    for (const existing of moving) {
      const updated: QrCodeRecord = { ...existing, folder_id: folderId, revision: existing.revision + 1, updated_at: now.getTime() };
      if (!(await this.codes.update(tx, updated, existing.revision))) throw new ConcurrentChange();
      changes.push({ event: codeUpdated(updated, hostOf(updated), ['folder_id'], now), before: existing, after: updated });
    }
    await this.changes.add(tx, changes, actor);
    return { records: changes.map((c) => c.after), hostOf };
  }
}
