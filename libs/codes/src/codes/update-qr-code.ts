import { type Actor, ApiError, type Clock, Errors, fieldError, systemClock } from '@qr/domain';
import { type Database } from '@qr/persistence';
import { passwordHashOf } from './code-password';
import { applyPatch } from './qr-code-patch';
import { codeUpdated } from './qr-code-events';
import { type QrCodeRecord } from './qr-code-record';
import { type QrCodesRepository } from './qr-codes.repository';
import { type ReferencesRepository } from './references.repository';
import { type CodeChangeLog } from '../history/code-change-log';
import { type LinkSync } from '../links/link-sync';
import { type DesignCheck } from '../rendering/design-check';

const MAX_ATTEMPTS = 3;

/** PATCH: validated as a whole against the stored code, written with an optimistic revision check. */
export class UpdateQrCode {
  constructor(
    private readonly db: Database,
    private readonly codes: QrCodesRepository,
    private readonly references: ReferencesRepository,
    private readonly changes: CodeChangeLog,
    private readonly links: LinkSync | null,
    private readonly designs: DesignCheck,
    private readonly clock: Clock = systemClock,
  ) {}

  async execute(workspaceId: string, id: string, patch: unknown, actor: Actor): Promise<QrCodeRecord> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const existing = await this.codes.find(workspaceId, id);
      if (!existing) throw Errors.notFound('QR code');
      const result = applyPatch(existing, patch);
      if (!result.ok) throw Errors.validationFailed(result.errors);
      if (result.changed.length === 0) return existing;
      if (result.draft.folder_id && result.draft.folder_id !== existing.folder_id) {
        const found = await this.references.existingFolders(workspaceId, [result.draft.folder_id]);
        if (!found.size) throw Errors.validationFailed([fieldError('/folder_id', 'not_found', 'no such folder in this workspace')]);
      }
      const now = this.clock();
      const updated: QrCodeRecord = {
        ...existing,
        ...result.draft,
        password_hash: await passwordHashOf(result.password, existing.password_hash),
        revision: existing.revision + 1,
        updated_at: now.getTime(),
      };
      const host = (await this.references.hostLookup([existing]))(existing);
      if (result.changed.includes('design') || result.changed.includes('design_preset_id')) {
        const problems = await this.designs.resolvePreset(workspaceId, updated);
        if (!problems.length) problems.push(...(await this.designs.problems(updated, host)));
        if (problems.length) throw Errors.validationFailed(problems);
      } else if (updated.design_preset_id) {
        updated.design = existing.design;
      }
      const movesFolder = updated.folder_id !== null && updated.folder_id !== existing.folder_id;
      const written = await this.db.transaction(async (tx) => {
        if (movesFolder && !(await this.references.holdFolder(tx, workspaceId, updated.folder_id!))) {
          throw Errors.validationFailed([fieldError('/folder_id', 'not_found', 'no such folder in this workspace')]);
        }
        if (!(await this.codes.update(tx, updated, existing.revision))) return false;
        await this.changes.add(tx, [{ event: codeUpdated(updated, host, result.changed, now), before: existing, after: updated }], actor);
        return true;
      });
      if (written) {
        await this.links?.pushUpserts([updated], () => host);
        return updated;
      }
    }
    throw new ApiError(409, 'conflict', 'Conflict', 'The code was changed concurrently several times; retry the request.');
  }
}
