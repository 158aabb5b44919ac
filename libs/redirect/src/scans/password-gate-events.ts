import { type QrPasswordGateV1 } from '@qr/contracts';
import { type Clock, formatUtc, systemClock } from '@qr/domain';
import { type Outbox } from '@qr/event-log';
import { type Database } from '@qr/persistence';
import { type LinkRecord } from '../links/link-record';
import { envelope } from './scan-events';

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
    const event = envelope<'qr.password_gate', QrPasswordGateV1>('qr.password_gate', link, now, { qr_id: link.qr_id, outcome, at: formatUtc(now) });
    await this.db.transaction((tx) => this.outbox.add(tx, [event]));
  }
}
