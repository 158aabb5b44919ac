import { type QrPasswordGateV1 } from '@qr/contracts';
import { type Clock, formatUtc, newId, systemClock } from '@qr/domain';
import { type Outbox } from '@qr/event-log';
import { type Database } from '@qr/persistence';
import { type LinkRecord } from '../links/link-record';

/**
 * The password page's counts for analytics: each page view and each unlock as a `qr.password_gate`
 * event in the store's outbox (docs/design/switching.md). A page view is not a scan, so it never
 * goes through the scan counter; an unlock is also its scan's `qr.scanned`.
 */
export class PasswordGateEvents {
  constructor(
    private readonly db: Database,
    private readonly outbox: Pick<Outbox, 'add'>,
    private readonly clock: Clock = systemClock,
  ) {}

  async record(link: Pick<LinkRecord, 'qr_id' | 'workspace_id'>, outcome: QrPasswordGateV1['outcome']): Promise<void> {
    const now = this.clock();
    const data: QrPasswordGateV1 = { qr_id: link.qr_id, outcome, at: formatUtc(now) };
    await this.db.transaction((tx) =>
      this.outbox.add(tx, [
        {
          id: newId('evt', this.clock),
          type: 'qr.password_gate',
          version: 1,
          occurred_at: data.at,
          workspace_id: link.workspace_id,
          qr_id: link.qr_id,
          data,
        },
      ]),
    );
  }
}
