import { type Actor, Errors } from '@qr/domain';
import { type Database } from '@qr/persistence';
import { codeDeleted } from './qr-code-events';
import { type QrCodesRepository } from './qr-codes.repository';
import { type CodeChangeLog } from '../history/code-change-log';
import { type LinkSync } from '../links/link-sync';

export class DeleteQrCode {
  constructor(
    private readonly db: Database,
    private readonly codes: QrCodesRepository,
    private readonly changes: CodeChangeLog,
    private readonly links: LinkSync | null,
  ) {}

  /** Returns the category so the gateway can give a dynamic code's allowance back. */
  async execute(workspaceId: string, id: string, actor: Actor): Promise<{ id: string; category: 'dynamic' | 'static' }> {
    const now = new Date();
    const deleted = await this.db.transaction(async (tx) => {
      const record = await this.codes.softDelete(tx, workspaceId, id, now.getTime());
      if (record) await this.changes.add(tx, [{ event: codeDeleted(record, now), before: record, after: record }], actor);
      return record;
    });
    if (!deleted) throw Errors.notFound('QR code');
    await this.links?.pushDelete(deleted);
    return { id: deleted.id, category: deleted.category };
  }
}
