import { type Actor, ApiError, Errors, fieldError, isPlainObject } from '@qr/domain';
import { type Database } from '@qr/persistence';
import { passwordHashOf } from './code-password';
import { applyPatch } from './qr-code-patch';
import { codeUpdated } from './qr-code-events';
import { type QrCodeRecord } from './qr-code-record';
import { type QrCodesRepository } from './qr-codes.repository';
import { type RecordedScanCounts } from './recorded-scan-counts';
import { domainKeyOf, shortCodeTaken } from './short-code-taken';
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
    /** Whether a code was scanned, as redirect-service counted it: a scanned code's short code is printed somewhere. */
    private readonly scanCounts: Pick<RecordedScanCounts, 'apply'> | null = null,
  ) {}

  async execute(workspaceId: string, id: string, patch: unknown, actor: Actor): Promise<QrCodeRecord> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const existing = await this.codes.find(workspaceId, id);
      if (!existing) throw Errors.notFound('QR code');
      const result = applyPatch(existing, patch);
      if (!result.ok) throw Errors.validationFailed(result.errors);
      if (result.changed.length === 0) return existing;
      const movesPath = result.changed.includes('short_code');
      if (movesPath) await this.checkNewPath(workspaceId, existing, patch as Record<string, unknown>);
      if (result.draft.folder_id && result.draft.folder_id !== existing.folder_id) {
        const found = await this.references.existingFolders(workspaceId, [result.draft.folder_id]);
        if (!found.size) throw Errors.validationFailed([fieldError('/folder_id', 'not_found', 'no such folder in this workspace')]);
      }
      const now = new Date();
      const updated: QrCodeRecord = {
        ...existing,
        ...result.draft,
        password_hash: await passwordHashOf(result.password, existing.password_hash),
        revision: existing.revision + 1,
        updated_at: now.getTime(),
      };
      const host = (await this.references.hostLookup([existing]))(existing);
      if (result.changed.includes('design') || result.changed.includes('design_preset_id') || (movesPath && updated.design)) {
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
        if (movesPath) await this.refuseTaken(workspaceId, updated, tx);
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

  /**
   * A short code may change only while nothing can have printed it: never to null, and only on a code
   * never scanned (409 `short_code_scanned`). Scans are counted by redirect-service (RecordedScanCounts);
   * when it cannot answer, qr-service's own count, which may lag a scan by the event pipeline, decides.
   */
  private async checkNewPath(workspaceId: string, existing: QrCodeRecord, patch: Record<string, unknown>): Promise<void> {
    if (isPlainObject(patch) && patch.short_code === null) {
      throw Errors.validationFailed([fieldError('/short_code', 'invalid', 'a dynamic code always has a short code; give the new one')]);
    }
    const [counted] = this.scanCounts ? await this.scanCounts.apply([existing]) : [existing];
    if (counted.scan_count > 0) {
      throw new ApiError(
        409,
        'short_code_scanned',
        'Short code in use',
        `${existing.id} has been scanned ${counted.scan_count} time(s): its short code is printed somewhere and cannot change.`,
        [fieldError('/short_code', 'scanned', 'the code has been scanned; its short code cannot change')],
      );
    }
    await this.refuseTaken(workspaceId, { ...existing, short_code: patch.short_code as string });
  }

  /** 409 `short_code_taken` when another code holds the new path on the code's domain (checked again in the write's transaction). */
  private async refuseTaken(workspaceId: string, code: QrCodeRecord, tx?: Parameters<QrCodesRepository['findHolders']>[1]): Promise<void> {
    const key = { domainKey: domainKeyOf(code), shortCode: code.short_code! };
    const holder = (await this.codes.findHolders([key], tx)).get(`${key.domainKey}\u0000${key.shortCode}`);
    if (holder && holder.id !== code.id) throw shortCodeTaken(workspaceId, [{ pointer: '', shortCode: key.shortCode, holder }]);
  }
}
