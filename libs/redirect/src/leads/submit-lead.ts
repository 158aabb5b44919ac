import { type LeadCreatedV1 } from '@qr/contracts';
import { type Clock, formatUtc, newId, systemClock } from '@qr/domain';
import { type Outbox } from '@qr/event-log';
import { type Database, insertOf } from '@qr/persistence';
import { type LinkRecord } from '../links/link-record';
import { envelope } from '../scans/scan-events';

/** Stores a validated lead and its `lead.created` event in one transaction. */
export class SubmitLead {
  constructor(
    private readonly db: Database,
    private readonly outbox: Outbox,
    private readonly clock: Clock = systemClock,
  ) {}

  async execute(link: LinkRecord, fields: Record<string, string>): Promise<string> {
    const now = this.clock();
    const id = newId('lead', this.clock);
    const data: LeadCreatedV1 = { lead_id: id, qr_id: link.qr_id, client_ref: link.client_ref, fields, submitted_at: formatUtc(now) };
    await this.db.transaction(async (tx) => {
      const lead = { id, qr_id: link.qr_id, workspace_id: link.workspace_id, fields: JSON.stringify(fields), created_at: now.getTime() };
      await tx.query(...insertOf('leads', lead));
      await this.outbox.add(tx, [envelope('lead.created', link, now, data)]);
    });
    return id;
  }
}
