import { type LinkChange, REDIRECT_COMMANDS } from '@qr/contracts';
import { errorText, type Log } from '@qr/domain';
import { type CommandBus } from '@qr/platform';
import { codeSnapshot } from '../codes/qr-code-events';
import { type QrCodeRecord } from '../codes/qr-code-record';

/** Waits before the second and third push: a replica restarting, or one that could not reach Redis, is passed by. */
const PUSH_RETRY_DELAYS_MS = [50, 250];

/**
 * Read-your-writes for scans: after a create, PATCH or DELETE has committed, the change is pushed to
 * redirect-service before the API answers, so the very next scan sees it (the replica that takes the
 * push raises the code's revision in Redis, which every replica checks; docs/design/read-your-writes.md). A
 * failed push is tried twice more (with several replicas behind REDIRECT_SERVICE_URL a retry can
 * reach another one). If it still fails, the `qr.code.*` event in the outbox carries the same change
 * a moment later (redirect-service applies either, by revision), so nothing is lost; the failure is
 * logged.
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
    for (let attempt = 0; ; attempt++) {
      try {
        await this.bus.send('redirect-service', REDIRECT_COMMANDS.applyCodeChanges, { changes });
        return;
      } catch (err) {
        if (attempt >= PUSH_RETRY_DELAYS_MS.length) {
          this.log.event('warn', 'link sync failed; the outbox event will apply it', { codes: changes.length, attempts: attempt + 1, error: errorText(err) });
          return;
        }
        await new Promise((r) => setTimeout(r, PUSH_RETRY_DELAYS_MS[attempt]));
      }
    }
  }
}
