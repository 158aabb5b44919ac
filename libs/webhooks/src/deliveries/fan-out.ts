import { type EventEnvelope, TOPICS } from '@qr/contracts';
import { type Clock, newId, systemClock } from '@qr/domain';
import { type Database } from '@qr/persistence';
import { webhookPayloadOf } from '@qr/webhook-rules';
import { type EndpointsRepository } from '../endpoints/endpoints.repository';

export const FANOUT_GROUP = 'webhook-dispatcher.fanout';
export const WEBHOOK_TOPICS = [TOPICS.qrScanned, TOPICS.leadCreated, TOPICS.qrScanLimitReached, TOPICS.qrScanMilestoneReached];

/**
 * Turns events into deliveries, one per subscribed enabled endpoint, in one transaction. The
 * (endpoint, event) key makes a redelivered event a no-op. The body is serialised once here, so
 * every attempt sends the same bytes under the same webhook-id.
 */
export class FanOut {
  constructor(
    private readonly db: Database,
    private readonly endpoints: EndpointsRepository,
    private readonly onNew: () => void,
    private readonly clock: Clock = systemClock,
  ) {}

  async apply(events: readonly EventEnvelope[]): Promise<number> {
    const now = this.clock().getTime();
    return this.db.transaction(async (tx) => {
      let created = 0;
      const byWorkspace = new Map<string, Awaited<ReturnType<EndpointsRepository['subscribers']>>>();
      for (const event of events) {
        if (!byWorkspace.has(event.workspace_id)) byWorkspace.set(event.workspace_id, await this.endpoints.subscribers(tx, event.workspace_id));
        // Most scans go to workspaces without endpoints: build and serialise a payload only for a subscriber.
        const subscribed = byWorkspace.get(event.workspace_id)!.filter((e) => (e.events as readonly string[]).includes(event.type));
        if (!subscribed.length) continue;
        const payload = webhookPayloadOf(event);
        if (!payload) continue;
        const body = JSON.stringify(payload);
        for (const endpoint of subscribed) {
          const { affected } = await tx.query(
            `INSERT INTO webhook_deliveries (id, endpoint_id, workspace_id, event_id, event_type, body, status, attempts, next_attempt_at, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, 'pending', 0, $7, $7, $7) ON CONFLICT (endpoint_id, event_id) DO NOTHING`,
            [newId('wd', this.clock), endpoint.id, event.workspace_id, event.id, payload.type, body, now],
          );
          created += affected;
        }
      }
      if (created) tx.afterCommit(this.onNew);
      return created;
    });
  }
}
