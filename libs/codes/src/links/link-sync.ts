import { REDIRECT_COMMANDS } from '@qr/contracts';
import { errorText, type Log } from '@qr/domain';
import { type CommandBus } from '@qr/platform';
import { codeSnapshot } from '../codes/qr-code-events';
import { type QrCodeRecord } from '../codes/qr-code-record';

/** The command redirect-service answers to apply code changes to its routing table. */
export const APPLY_CODE_CHANGES = REDIRECT_COMMANDS.applyCodeChanges;

export type LinkChange = { kind: 'upsert'; snapshot: Record<string, unknown> } | { kind: 'delete'; qr_id: string; revision: number };

/**
 * Read-your-writes for scans: after a create, PATCH or DELETE has committed, the change is pushed to
 * redirect-service before the API answers, so the very next scan sees it. If the push fails, the
 * `qr.code.*` event in the outbox carries the same change a moment later (redirect-service applies
 * either, by revision), so nothing is lost; the failure is logged.
 */
export class LinkSync {
  constructor(
    private readonly bus: CommandBus,
    private readonly log: Log,
  ) {}

  async pushUpserts(records: readonly QrCodeRecord[], hostOf: (record: QrCodeRecord) => string | null): Promise<void> {
    const dynamic = records.filter((r) => r.category === 'dynamic');
    if (dynamic.length) await this.push(dynamic.map((r) => ({ kind: 'upsert', snapshot: codeSnapshot(r, hostOf(r)) })));
  }

  async pushDelete(record: Pick<QrCodeRecord, 'id' | 'category' | 'revision'>): Promise<void> {
    if (record.category === 'dynamic') await this.push([{ kind: 'delete', qr_id: record.id, revision: record.revision }]);
  }

  private async push(changes: LinkChange[]): Promise<void> {
    try {
      await this.bus.send('redirect-service', APPLY_CODE_CHANGES, { changes });
    } catch (err) {
      this.log.event('warn', 'link sync failed; the outbox event will apply it', { codes: changes.length, error: errorText(err) });
    }
  }
}
